#include "CSourceKit.h"
#include <SourceKit/sourcekitd.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// The functions used, looked up by name in the loaded library; their types come from the
// toolchain's own sourcekitd.h.
static struct {
    __typeof__(&sourcekitd_initialize) initialize;
    __typeof__(&sourcekitd_request_create_from_yaml) request_create_from_yaml;
    __typeof__(&sourcekitd_request_release) request_release;
    __typeof__(&sourcekitd_send_request_sync) send_request_sync;
    __typeof__(&sourcekitd_response_is_error) response_is_error;
    __typeof__(&sourcekitd_response_error_get_description) response_error_get_description;
    __typeof__(&sourcekitd_response_get_value) response_get_value;
    __typeof__(&sourcekitd_variant_json_description_copy) variant_json_description_copy;
    __typeof__(&sourcekitd_response_dispose) response_dispose;
} api;

// The first call loads; the lock makes later and concurrent calls wait for it and read its
// result. (The path is an argument, not a global handed to pthread_once's routine: concurrent
// first calls each wrote such a global while the routine read it, a data race.)
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int loaded;
static char *load_error;

static void load(const char *path) {
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *message = dlerror();
        load_error = strdup(message ? message : "dlopen failed");
        return;
    }
#define LOOK_UP(field, name)                                            \
    api.field = (__typeof__(api.field))dlsym(library, name);            \
    if (!api.field) { load_error = strdup("missing symbol " name); return; }
    LOOK_UP(initialize, "sourcekitd_initialize")
    LOOK_UP(request_create_from_yaml, "sourcekitd_request_create_from_yaml")
    LOOK_UP(request_release, "sourcekitd_request_release")
    LOOK_UP(send_request_sync, "sourcekitd_send_request_sync")
    LOOK_UP(response_is_error, "sourcekitd_response_is_error")
    LOOK_UP(response_error_get_description, "sourcekitd_response_error_get_description")
    LOOK_UP(response_get_value, "sourcekitd_response_get_value")
    LOOK_UP(variant_json_description_copy, "sourcekitd_variant_json_description_copy")
    LOOK_UP(response_dispose, "sourcekitd_response_dispose")
#undef LOOK_UP
    api.initialize();
}

int lecture_sourcekitd_load(const char *path, char **error) {
    pthread_mutex_lock(&load_lock);
    if (!loaded) {
        load(path);
        loaded = 1;
    }
    int status = 0;
    if (load_error) {
        if (error) *error = strdup(load_error);
        status = -1;
    }
    pthread_mutex_unlock(&load_lock);
    return status;
}

char *lecture_sourcekitd_send(const char *yaml, int *is_error) {
    *is_error = 1;
    if (!api.send_request_sync) return strdup("sourcekitd is not loaded");
    char *parse_error = NULL;
    sourcekitd_object_t request = api.request_create_from_yaml(yaml, &parse_error);
    if (!request) return parse_error ? parse_error : strdup("the request is not valid YAML");
    sourcekitd_response_t response = api.send_request_sync(request);
    api.request_release(request);
    char *text;
    if (api.response_is_error(response)) {
        const char *description = api.response_error_get_description(response);
        text = strdup(description ? description : "error");
    } else {
        text = api.variant_json_description_copy(api.response_get_value(response));
        *is_error = 0;
    }
    api.response_dispose(response);
    return text;
}
