#include "CMicroHTTPD.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/// The library's soname: the ABI <microhttpd.h> describes (libmicrohttpd12 on Debian).
#define LECTURE_MHD_SONAME "libmicrohttpd.so.12"

// The functions used, looked up by name in the loaded library; their types come from <microhttpd.h>.
static struct {
    __typeof__(&MHD_start_daemon) start_daemon;
    __typeof__(&MHD_stop_daemon) stop_daemon;
    __typeof__(&MHD_get_connection_info) get_connection_info;
    __typeof__(&MHD_get_connection_values) get_connection_values;
    __typeof__(&MHD_get_connection_values_n) get_connection_values_n;
    __typeof__(&MHD_create_response_from_buffer) create_response_from_buffer;
    __typeof__(&MHD_create_response_from_fd_at_offset64) create_response_from_fd_at_offset64;
    __typeof__(&MHD_create_response_from_callback) create_response_from_callback;
    __typeof__(&MHD_destroy_response) destroy_response;
    __typeof__(&MHD_add_response_header) add_response_header;
    __typeof__(&MHD_queue_response) queue_response;
} api;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_error;

static void load(void) {
    void *library = dlopen(LECTURE_MHD_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *message = dlerror();
        load_error = message ? message : "dlopen of " LECTURE_MHD_SONAME " failed";
        return;
    }
#define LOOK_UP(field, name)                                            \
    api.field = (__typeof__(api.field))dlsym(library, name);            \
    if (!api.field) { load_error = "missing symbol " name " in " LECTURE_MHD_SONAME; return; }
    LOOK_UP(start_daemon, "MHD_start_daemon")
    LOOK_UP(stop_daemon, "MHD_stop_daemon")
    LOOK_UP(get_connection_info, "MHD_get_connection_info")
    LOOK_UP(get_connection_values, "MHD_get_connection_values")
    LOOK_UP(get_connection_values_n, "MHD_get_connection_values_n")
    LOOK_UP(create_response_from_buffer, "MHD_create_response_from_buffer")
    LOOK_UP(create_response_from_fd_at_offset64, "MHD_create_response_from_fd_at_offset64")
    LOOK_UP(create_response_from_callback, "MHD_create_response_from_callback")
    LOOK_UP(destroy_response, "MHD_destroy_response")
    LOOK_UP(add_response_header, "MHD_add_response_header")
    LOOK_UP(queue_response, "MHD_queue_response")
#undef LOOK_UP
}

const char *lecture_mhd_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

struct MHD_Daemon *lecture_mhd_start_daemon(unsigned int flags, MHD_AccessHandlerCallback handler,
                                            void *handler_cls, struct MHD_OptionItem *options) {
    return api.start_daemon(flags, 0, NULL, NULL, handler, handler_cls, MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

void *lecture_mhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        api.get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

int lecture_mhd_connection_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        api.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

void lecture_mhd_log(void *cls, const char *format, va_list arguments) {
    const struct lecture_mhd_log_target *target = cls;
    if (!target || !target->deliver || !format) return;
    char text[512];
    int length = vsnprintf(text, sizeof text, format, arguments);
    if (length < 0) return;
    // Cut short, it may end inside a UTF-8 sequence: Swift decodes it leniently.
    size_t end = (size_t)length < sizeof text ? (size_t)length : sizeof text - 1;
    while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r')) end--;
    text[end] = '\0';
    target->deliver(target->context, text);
}

intptr_t lecture_mhd_logger(void) { return (intptr_t)&lecture_mhd_log; }

// The non-variadic functions Swift calls by their own names, forwarded.

void MHD_stop_daemon(struct MHD_Daemon *daemon) { api.stop_daemon(daemon); }

int MHD_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                              MHD_KeyValueIterator iterator, void *iterator_cls) {
    return api.get_connection_values(connection, kind, iterator, iterator_cls);
}

int MHD_get_connection_values_n(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                MHD_KeyValueIteratorN iterator, void *iterator_cls) {
    return api.get_connection_values_n(connection, kind, iterator, iterator_cls);
}

struct MHD_Response *MHD_create_response_from_buffer(size_t size, void *buffer,
                                                     enum MHD_ResponseMemoryMode mode) {
    return api.create_response_from_buffer(size, buffer, mode);
}

struct MHD_Response *MHD_create_response_from_fd_at_offset64(uint64_t size, int fd, uint64_t offset) {
    return api.create_response_from_fd_at_offset64(size, fd, offset);
}

struct MHD_Response *MHD_create_response_from_callback(uint64_t size, size_t block_size,
                                                       MHD_ContentReaderCallback crc, void *crc_cls,
                                                       MHD_ContentReaderFreeCallback crfc) {
    return api.create_response_from_callback(size, block_size, crc, crc_cls, crfc);
}

void MHD_destroy_response(struct MHD_Response *response) { api.destroy_response(response); }

enum MHD_Result MHD_add_response_header(struct MHD_Response *response, const char *header,
                                        const char *content) {
    return api.add_response_header(response, header, content);
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                   struct MHD_Response *response) {
    return api.queue_response(connection, status_code, response);
}
