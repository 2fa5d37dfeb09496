// The C interface of CBookTOML.h over toml++ 3 (https://marzer.github.io/tomlplusplus/).
#include "CBookTOML.h"

#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <string_view>
#include <toml++/toml.h>

namespace {

struct Walk {
    void *context;
    lecture_toml_visitor visit;

    // A table's or value's place is its key's (where a person reads and edits it); an array
    // element's is its own.
    const toml::source_position *where = nullptr;

    void emit(const std::string &path, lecture_toml_kind kind, const std::string &value, const toml::node &node) {
        const toml::source_position &place = where && where->line > 0 ? *where : node.source().begin;
        visit(context, path.data(), path.size(), kind, value.data(), value.size(), static_cast<int>(place.line),
              static_cast<int>(place.column));
    }

    void node(const std::string &path, const toml::node &node, const toml::source_position *key = nullptr) {
        where = key;
        if (auto table = node.as_table()) {
            // A `[table]` header's place is the header's start, column 1.
            if (node.source().begin.line > 0) where = nullptr;
            emit(path, LECTURE_TOML_TABLE, "", node);
            for (auto &&[name, child] : *table) {
                this->node(path + std::string(name.str()) + "\x1f", child, &name.source().begin);
            }
        } else if (auto array = node.as_array()) {
            emit(path, LECTURE_TOML_ARRAY, "", node);
            for (size_t index = 0; index < array->size(); index++) {
                this->node(path + std::to_string(index) + "\x1f", (*array)[index]);
            }
        } else if (auto string = node.as_string()) {
            emit(path, LECTURE_TOML_STRING, string->get(), node);
        } else if (auto boolean = node.as_boolean()) {
            emit(path, LECTURE_TOML_BOOLEAN, boolean->get() ? "true" : "false", node);
        } else if (auto integer = node.as_integer()) {
            emit(path, LECTURE_TOML_INTEGER, std::to_string(integer->get()), node);
        } else {
            std::ostringstream text;
            node.visit([&text](auto &&value) { text << value; });
            emit(path, node.is_floating_point() ? LECTURE_TOML_FLOAT : LECTURE_TOML_DATE_TIME, text.str(), node);
        }
    }
};

char *copy(std::string_view text) {
    char *result = static_cast<char *>(std::malloc(text.size() + 1));
    std::memcpy(result, text.data(), text.size());
    result[text.size()] = '\0';
    return result;
}

} // namespace

extern "C" int lecture_toml_parse(const char *text, size_t length, void *context, lecture_toml_visitor visit,
                                  char **error, int *line, int *column) {
    auto fail = [&](const toml::parse_error &failure) {
        *error = copy(failure.description());
        *line = static_cast<int>(failure.source().begin.line);
        *column = static_cast<int>(failure.source().begin.column);
        return 1;
    };
    Walk walk{context, visit};
#if TOML_EXCEPTIONS
    // Built with exceptions, toml++ throws its parse_error.
    try {
        toml::table table = toml::parse(std::string_view(text, length));
        walk.node("", table);
    } catch (const toml::parse_error &failure) {
        return fail(failure);
    }
#else
    toml::parse_result result = toml::parse(std::string_view(text, length));
    if (!result) return fail(result.error());
    walk.node("", result.table());
#endif
    return 0;
}

extern "C" void lecture_toml_free(char *string) { std::free(string); }
