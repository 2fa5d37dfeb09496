#ifndef LECTURE_CMICROHTTPD_H
#define LECTURE_CMICROHTTPD_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// libmicrohttpd, loaded with dlopen by the first server that starts, so that `lecture build`
/// (and every command without a server) never maps it nor what it pulls in (GnuTLS and its
/// dependencies: ten shared objects the dynamic loader would otherwise relocate at every start).
/// MicroHTTPD.c defines the functions of <microhttpd.h> that Swift calls, each forwarding to the
/// loaded library; their declarations (from the header) check the types.

/// Loads libmicrohttpd (its soname, `LECTURE_MHD_SONAME`). Returns NULL, or why it could not be
/// loaded (static text or the dynamic loader's message; not to be freed). Safe to call again and
/// from several threads: later calls return the first call's result. Every other function here
/// and the forwarded MHD_ functions may be called only after it returned NULL.
const char *lecture_mhd_load(void);

/// `MHD_start_daemon` is variadic, which Swift cannot call: this passes every option as one
/// `MHD_OPTION_ARRAY` (terminated by `MHD_OPTION_END`), as the libmicrohttpd manual shows.
/// The port is 0 because the options give the listening socket (`MHD_OPTION_LISTEN_SOCKET`).
struct MHD_Daemon *lecture_mhd_start_daemon(unsigned int flags, MHD_AccessHandlerCallback handler,
                                            void *handler_cls, struct MHD_OptionItem *options);

/// Where libmicrohttpd's own messages go, each formatted (at most 511 bytes, cut there even
/// inside a UTF-8 sequence): `deliver(context, text)`, on whichever thread logged it.
struct lecture_mhd_log_target {
    void (*deliver)(void *context, const char *message);
    void *context;
};

/// libmicrohttpd's external logger (`MHD_OPTION_EXTERNAL_LOGGER`, whose `cls` is a
/// `struct lecture_mhd_log_target *`): formats the message with `vsnprintf`, which Swift cannot
/// call with a `va_list` it did not make, drops the trailing newline and hands the text on.
void lecture_mhd_log(void *cls, const char *format, va_list arguments);

/// `lecture_mhd_log`'s address, for the option's `value`: Swift cannot name a C function that
/// takes a `va_list` (not representable in `@convention(c)`).
intptr_t lecture_mhd_logger(void);

/// The content reader's "no more data" and "abort" results (`((ssize_t) -1)` and `-2`), which
/// Swift does not import because they are casts.
static const ssize_t lecture_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t lecture_mhd_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;
/// `MHD_SIZE_UNKNOWN`: a response of unknown length, sent chunked.
static const uint64_t lecture_mhd_size_unknown = MHD_SIZE_UNKNOWN;

/// The pointer the connection callback (`MHD_OPTION_NOTIFY_CONNECTION`) stored for a
/// connection (`MHD_CONNECTION_INFO_SOCKET_CONTEXT`); `MHD_get_connection_info` is variadic,
/// which Swift cannot call.
void *lecture_mhd_socket_context(struct MHD_Connection *connection);

/// The connection's socket (`MHD_CONNECTION_INFO_CONNECTION_FD`), -1 when libmicrohttpd has none.
int lecture_mhd_connection_socket(struct MHD_Connection *connection);

#endif
