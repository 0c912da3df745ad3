// libmicrohttpd loaded on first use (see CMicroHTTPD.h).
#include "CMicroHTTPD.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <sys/socket.h>

// The library's functions this file loads, declared as in <microhttpd.h> 0.9.75 (the drift check compiles them
// against it). Declarations only: nothing calls them by name, the table below holds their loaded addresses.
struct MHD_Daemon *MHD_start_daemon(unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc,
                                    void *apc_cls, MHD_AccessHandlerCallback dh, void *dh_cls, ...);
void MHD_stop_daemon(struct MHD_Daemon *daemon);
struct MHD_Response *MHD_create_response_from_buffer(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
void MHD_destroy_response(struct MHD_Response *response);
enum MHD_Result MHD_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                   struct MHD_Response *response);
enum MHD_Result MHD_add_response_header(struct MHD_Response *response, const char *header, const char *content);
int MHD_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                              MHD_KeyValueIterator iterator, void *iterator_cls);
enum MHD_Result MHD_add_connection(struct MHD_Daemon *daemon, MHD_socket client_socket, const struct sockaddr *addr,
                                   socklen_t addrlen);
struct MHD_Response *MHD_create_response_from_callback(uint64_t size, size_t block_size, MHD_ContentReaderCallback crc,
                                                       void *crc_cls, MHD_ContentReaderFreeCallback crfc);
void MHD_suspend_connection(struct MHD_Connection *connection);
void MHD_resume_connection(struct MHD_Connection *connection);
union MHD_ConnectionInfo;
const union MHD_ConnectionInfo *MHD_get_connection_info(struct MHD_Connection *connection,
                                                        enum MHD_ConnectionInfoType info_type, ...);
enum MHD_Result MHD_set_connection_option(struct MHD_Connection *connection, enum MHD_CONNECTION_OPTION option, ...);

static struct {
  __typeof__(MHD_start_daemon) *start_daemon;
  __typeof__(MHD_stop_daemon) *stop_daemon;
  __typeof__(MHD_create_response_from_buffer) *create_response_from_buffer;
  __typeof__(MHD_destroy_response) *destroy_response;
  __typeof__(MHD_queue_response) *queue_response;
  __typeof__(MHD_add_response_header) *add_response_header;
  __typeof__(MHD_get_connection_values) *get_connection_values;
  __typeof__(MHD_add_connection) *add_connection;
  __typeof__(MHD_create_response_from_callback) *create_response_from_callback;
  __typeof__(MHD_suspend_connection) *suspend_connection;
  __typeof__(MHD_resume_connection) *resume_connection;
  __typeof__(MHD_get_connection_info) *get_connection_info;
  __typeof__(MHD_set_connection_option) *set_connection_option;
} mhd;

static pthread_once_t loading = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;

// Reads one function of the library into `*slot`; 0 when it is missing.
static int find(void *library, void **slot, const char *name) {
  *slot = dlsym(library, name);
  if (*slot) return 1;
  snprintf(load_error, sizeof load_error,
           "serving needs GNU libmicrohttpd (apt-get install libmicrohttpd12): libmicrohttpd.so.12 has no %s "
           "(stackfeed's declarations are those of libmicrohttpd 0.9.75)",
           name);
  return 0;
}

static void load(void) {
  // The soname these declarations were checked against (Debian package libmicrohttpd12).
  void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    snprintf(load_error, sizeof load_error,
             "serving needs GNU libmicrohttpd (apt-get install libmicrohttpd12): cannot load libmicrohttpd.so.12 (%s)",
             reason ? reason : "not found");
    return;
  }
  loaded = find(library, (void **)&mhd.start_daemon, "MHD_start_daemon") &&
           find(library, (void **)&mhd.stop_daemon, "MHD_stop_daemon") &&
           find(library, (void **)&mhd.create_response_from_buffer, "MHD_create_response_from_buffer") &&
           find(library, (void **)&mhd.destroy_response, "MHD_destroy_response") &&
           find(library, (void **)&mhd.queue_response, "MHD_queue_response") &&
           find(library, (void **)&mhd.add_response_header, "MHD_add_response_header") &&
           find(library, (void **)&mhd.get_connection_values, "MHD_get_connection_values") &&
           find(library, (void **)&mhd.add_connection, "MHD_add_connection") &&
           find(library, (void **)&mhd.create_response_from_callback, "MHD_create_response_from_callback") &&
           find(library, (void **)&mhd.suspend_connection, "MHD_suspend_connection") &&
           find(library, (void **)&mhd.resume_connection, "MHD_resume_connection") &&
           find(library, (void **)&mhd.get_connection_info, "MHD_get_connection_info") &&
           find(library, (void **)&mhd.set_connection_option, "MHD_set_connection_option");
}

int stackfeed_mhd_load(void) {
  pthread_once(&loading, load);
  return loaded;
}

struct MHD_Daemon *stackfeed_mhd_start(unsigned int flags, MHD_AcceptPolicyCallback accept_policy,
                                       MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
                                       MHD_NotifyConnectionCallback notify, void *closure,
                                       struct MHD_OptionItem *options) {
  if (!stackfeed_mhd_load()) return NULL;
  return mhd.start_daemon(flags, 0, accept_policy, closure, handler, closure, MHD_OPTION_NOTIFY_COMPLETED, completed, closure,
                          MHD_OPTION_NOTIFY_CONNECTION, notify, closure, MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}

const char *stackfeed_mhd_load_error(void) {
  return load_error[0] ? load_error : NULL;
}

void stackfeed_mhd_stop_daemon(struct MHD_Daemon *daemon) { mhd.stop_daemon(daemon); }


struct MHD_Response *stackfeed_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                               enum MHD_ResponseMemoryMode mode) {
  return mhd.create_response_from_buffer(size, buffer, mode);
}

void stackfeed_mhd_destroy_response(struct MHD_Response *response) { mhd.destroy_response(response); }

enum MHD_Result stackfeed_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                             struct MHD_Response *response) {
  return mhd.queue_response(connection, status_code, response);
}

enum MHD_Result stackfeed_mhd_add_response_header(struct MHD_Response *response, const char *header,
                                                  const char *content) {
  return mhd.add_response_header(response, header, content);
}

enum MHD_Result stackfeed_mhd_add_connection(struct MHD_Daemon *daemon, MHD_socket client_socket,
                                             const struct sockaddr *addr, socklen_t addrlen) {
  return mhd.add_connection(daemon, client_socket, addr, addrlen);
}

int stackfeed_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                        MHD_KeyValueIterator iterator, void *iterator_cls) {
  return mhd.get_connection_values(connection, kind, iterator, iterator_cls);
}

struct MHD_Response *stackfeed_mhd_create_response_from_callback(uint64_t size, size_t block_size,
                                                                 MHD_ContentReaderCallback crc, void *crc_cls,
                                                                 MHD_ContentReaderFreeCallback crfc) {
  return mhd.create_response_from_callback(size, block_size, crc, crc_cls, crfc);
}

void stackfeed_mhd_suspend_connection(struct MHD_Connection *connection) { mhd.suspend_connection(connection); }

void stackfeed_mhd_resume_connection(struct MHD_Connection *connection) { mhd.resume_connection(connection); }

MHD_socket stackfeed_mhd_connection_socket(struct MHD_Connection *connection) {
  // Every member of union MHD_ConnectionInfo starts at its first byte; connect_fd is an MHD_socket.
  const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info ? *(const MHD_socket *)(const void *)info : -1;
}

void stackfeed_mhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds) {
  mhd.set_connection_option(connection, MHD_CONNECTION_OPTION_TIMEOUT, seconds);
}
