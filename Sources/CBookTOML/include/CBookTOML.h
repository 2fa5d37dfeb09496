/// A C interface to toml++ (Debian: libtomlplusplus-dev), the TOML 1.0 parser, for Swift.
///
/// toml++ is C++; Swift sees only these C declarations. The document is walked once, depth
/// first, and each node is handed to a callback as a value: no C++ object outlives the call.
#ifndef CBOOKTOML_H
#define CBOOKTOML_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The kind of a TOML node handed to `lecture_toml_visitor`.
typedef enum {
    LECTURE_TOML_TABLE = 0,
    LECTURE_TOML_ARRAY = 1,
    LECTURE_TOML_STRING = 2,
    LECTURE_TOML_INTEGER = 3,
    LECTURE_TOML_FLOAT = 4,
    LECTURE_TOML_BOOLEAN = 5,
    LECTURE_TOML_DATE_TIME = 6,
} lecture_toml_kind;

/// Called for every node, parents before children. `path` is the node's keys from the root,
/// each followed by the byte 0x1F (array elements by their index in decimal); `value` is the
/// node's value as text (a string's contents, `true`/`false`, a number as TOML writes it), empty
/// for tables and arrays. `line` and `column` are 1-based, as toml++ reports them (columns in
/// UTF-8 code points); 0 when unknown (tables made implicitly by a dotted key). Both texts come
/// with their length in bytes: a TOML string may hold U+0000 (`"a\u0000b"`), which a C string
/// would end at.
typedef void (*lecture_toml_visitor)(void *context, const char *path, size_t path_length, lecture_toml_kind kind,
                                     const char *value, size_t value_length, int line, int column);

/// Parses `length` bytes of `text` as TOML and visits every node.
/// Returns 0 on success. On a syntax error returns 1 and sets `*error` to a description
/// (free it with `lecture_toml_free`) and `*line`, `*column` to where toml++ stopped.
int lecture_toml_parse(const char *text, size_t length, void *context, lecture_toml_visitor visit,
                       char **error, int *line, int *column);

/// Frees a string this interface allocated.
void lecture_toml_free(char *string);

#ifdef __cplusplus
}
#endif

#endif
