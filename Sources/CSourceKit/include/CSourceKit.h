#ifndef LECTURE_CSOURCEKIT_H
#define LECTURE_CSOURCEKIT_H

/// A C interface to the toolchain's in-process SourceKit (`libsourcekitdInProc.so`), loaded with
/// dlopen when first needed so that runs without hovers never map it. Requests and responses
/// are text: a request in SourceKit's YAML form, a response as JSON.

/// Loads the library at `path` and initializes it. Returns 0, or -1 with a message in `*error`
/// (free() it). Safe to call again: later calls return the first call's result.
int lecture_sourcekitd_load(const char *path, char **error);

/// Sends `yaml` (as `sourcekitd_request_create_from_yaml` reads it) and waits for the answer.
/// Returns the response as JSON (free() it) and sets `*is_error` to 0, or the error's
/// description with `*is_error` 1.
char *lecture_sourcekitd_send(const char *yaml, int *is_error);

#endif
