#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// `MHD_start_daemon` is variadic, which Swift cannot call: this passes every option as one
/// `MHD_OPTION_ARRAY` (terminated by `MHD_OPTION_END`), as the libmicrohttpd manual shows.
/// The port is 0 because the options give the listening socket (`MHD_OPTION_LISTEN_SOCKET`).
static inline struct MHD_Daemon *lecture_mhd_start_daemon(unsigned int flags,
                                                          MHD_AccessHandlerCallback handler,
                                                          void *handler_cls,
                                                          struct MHD_OptionItem *options) {
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

/// The content reader's "no more data" and "abort" results (`((ssize_t) -1)` and `-2`), which
/// Swift does not import because they are casts.
static const ssize_t lecture_mhd_end_of_stream = MHD_CONTENT_READER_END_OF_STREAM;
static const ssize_t lecture_mhd_end_with_error = MHD_CONTENT_READER_END_WITH_ERROR;
/// `MHD_SIZE_UNKNOWN`: a response of unknown length, sent chunked.
static const uint64_t lecture_mhd_size_unknown = MHD_SIZE_UNKNOWN;

/// The pointer the connection callback (`MHD_OPTION_NOTIFY_CONNECTION`) stored for a
/// connection (`MHD_CONNECTION_INFO_SOCKET_CONTEXT`); `MHD_get_connection_info` is variadic,
/// which Swift cannot call.
static inline void *lecture_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/// The connection's socket (`MHD_CONNECTION_INFO_CONNECTION_FD`), -1 when libmicrohttpd has none.
static inline int lecture_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}
