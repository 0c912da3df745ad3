// GNU libmicrohttpd, for the HTTPServer module only, without its header: building needs neither
// libmicrohttpd-dev nor libmicrohttpd; serving needs the library at run time (Debian libmicrohttpd12).
//
// The library is not linked: it is loaded with dlopen(3) on the first stackfeed_mhd_start, so that every other
// stackfeed command starts without loading it and the TLS libraries it depends on (a dozen shared libraries,
// about as much start-up work as the rest of a `list --limit 20`), and so that a machine without it builds,
// tests and runs everything but `serve`. Call libmicrohttpd through these functions only; they have its
// functions' signatures.
//
// Below are the few declarations of <microhttpd.h> this package uses, copied value by value from libmicrohttpd
// 0.9.75 (MHD_VERSION 0x00097500, soname libmicrohttpd.so.12), with the same names, types and enum attributes,
// so that Swift imports them as it imported the real header. scripts/check-microhttpd-declarations.sh compiles
// them against the installed real header (every enum value, enum type, the MHD_OptionItem layout, every
// callback type and the prototypes in lazy.c) and fails on any difference; CI runs it. To use another option,
// flag or function: copy it from <microhttpd.h> into this file (or lazy.c) and run that script.
#ifndef STACKFEED_CMICROHTTPD_H
#define STACKFEED_CMICROHTTPD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>

// MHD_VERSION 0x00097500 values. The drift check includes the real header first and defines this macro, so
// that only the declarations C may repeat (typedefs, struct tags) are compiled twice — and must then agree.
#ifndef STACKFEED_MHD_DRIFT_CHECK

// What most libmicrohttpd calls and callbacks return.
enum MHD_Result {
  MHD_NO = 0,
  MHD_YES = 1,
} __attribute__((enum_extensibility(closed)));

// Daemon flags (MHD_start_daemon's first argument), the ones the server combines. No attribute, as in the real
// header: Swift imports them as MHD_FLAG constants whose raw values are or-ed.
enum MHD_FLAG {
  MHD_USE_THREAD_PER_CONNECTION = 4,
  MHD_USE_INTERNAL_POLLING_THREAD = 8,
  MHD_USE_POLL = 64,
  MHD_USE_NO_LISTEN_SOCKET = 256,
  MHD_USE_EPOLL = 512,
  MHD_USE_ITC = 1024,
  MHD_ALLOW_SUSPEND_RESUME = 8192 | MHD_USE_ITC,
};

// Daemon options (MHD_OptionItem.option), the ones the server sets.
enum MHD_OPTION {
  MHD_OPTION_END = 0,
  MHD_OPTION_CONNECTION_MEMORY_LIMIT = 1,
  MHD_OPTION_CONNECTION_LIMIT = 2,
  MHD_OPTION_CONNECTION_TIMEOUT = 3,
  MHD_OPTION_NOTIFY_COMPLETED = 4,
  MHD_OPTION_LISTEN_SOCKET = 12,
  MHD_OPTION_THREAD_POOL_SIZE = 14,
  MHD_OPTION_ARRAY = 15,
  MHD_OPTION_NOTIFY_CONNECTION = 27,
} __attribute__((enum_extensibility(closed)));

// One entry of an MHD_OPTION_ARRAY; the array ends with MHD_OPTION_END.
struct MHD_OptionItem {
  enum MHD_OPTION option;
  intptr_t value;
  void *ptr_value;
};

// Which key-value pairs of a request MHD_get_connection_values reads (the iterator gets the same kind back).
enum MHD_ValueKind {
  MHD_HEADER_KIND = 1,
  MHD_GET_ARGUMENT_KIND = 8,
} __attribute__((enum_extensibility(closed)));

// Why a request ended. The library passes any of them to MHD_RequestCompletedCallback, so all are declared
// (Swift imports a closed enum and must not meet a value it does not know).
enum MHD_RequestTerminationCode {
  MHD_REQUEST_TERMINATED_COMPLETED_OK = 0,
  MHD_REQUEST_TERMINATED_WITH_ERROR = 1,
  MHD_REQUEST_TERMINATED_TIMEOUT_REACHED = 2,
  MHD_REQUEST_TERMINATED_DAEMON_SHUTDOWN = 3,
  MHD_REQUEST_TERMINATED_READ_ERROR = 4,
  MHD_REQUEST_TERMINATED_CLIENT_ABORT = 5,
} __attribute__((enum_extensibility(closed)));

// What a connection notification tells: a connection was added, or closed (its socket is closed right after).
enum MHD_ConnectionNotificationCode {
  MHD_CONNECTION_NOTIFY_STARTED = 0,
  MHD_CONNECTION_NOTIFY_CLOSED = 1,
} __attribute__((enum_extensibility(closed)));

// Who owns a response body: the server has the library copy it.
enum MHD_ResponseMemoryMode {
  MHD_RESPMEM_MUST_COPY = 2,
} __attribute__((enum_extensibility(closed)));

// What MHD_get_connection_info tells; the server asks only for the connection's socket.
enum MHD_ConnectionInfoType {
  MHD_CONNECTION_INFO_CONNECTION_FD = 6,
} __attribute__((enum_extensibility(closed)));

// What MHD_set_connection_option sets; the server sets only a connection's idle timeout.
enum MHD_CONNECTION_OPTION {
  MHD_CONNECTION_OPTION_TIMEOUT = 0,
} __attribute__((enum_extensibility(closed)));

#endif  // STACKFEED_MHD_DRIFT_CHECK

// Opaque handles.
struct MHD_Daemon;
struct MHD_Connection;
struct MHD_Response;

// A socket descriptor (POSIX).
typedef int MHD_socket;

// Called for each request: when its headers are read, for each piece of its body, and when it is complete.
typedef enum MHD_Result (*MHD_AccessHandlerCallback)(void *cls, struct MHD_Connection *connection,
                                                     const char *url, const char *method, const char *version,
                                                     const char *upload_data, size_t *upload_data_size,
                                                     void **con_cls);

// Called once when a request's exchange ends (answered, or the connection closed).
typedef void (*MHD_RequestCompletedCallback)(void *cls, struct MHD_Connection *connection, void **con_cls,
                                             enum MHD_RequestTerminationCode toe);

// Called when a connection is added and when it is closed (MHD_OPTION_NOTIFY_CONNECTION).
typedef void (*MHD_NotifyConnectionCallback)(void *cls, struct MHD_Connection *connection, void **socket_context,
                                             enum MHD_ConnectionNotificationCode toe);

// Called for each connection accepted, before anything is read from it; MHD_NO closes it at once.
typedef enum MHD_Result (*MHD_AcceptPolicyCallback)(void *cls, const struct sockaddr *addr, socklen_t addrlen);

// Fills a streamed response's next piece (MHD_create_response_from_callback, its size MHD_SIZE_UNKNOWN,
// UINT64_MAX: sent chunked): the bytes written into buf (at most max), 0 for none yet (the server
// suspends the connection first: libmicrohttpd would call again at once), or -1 (MHD_CONTENT_READER_END_OF_STREAM:
// the stream ends) or -2 (MHD_CONTENT_READER_END_WITH_ERROR: the connection is closed at once). Those two are
// ssize_t casts in <microhttpd.h>, which Swift does not import: HTTPServer names them itself.
typedef ssize_t (*MHD_ContentReaderCallback)(void *cls, uint64_t pos, char *buf, size_t max);

// Called once when a streamed response is destroyed: frees its content reader's closure.
typedef void (*MHD_ContentReaderFreeCallback)(void *cls);

// Called for each header field or query argument; MHD_NO stops the iteration.
typedef enum MHD_Result (*MHD_KeyValueIterator)(void *cls, enum MHD_ValueKind kind, const char *key,
                                                const char *value);

// Loads libmicrohttpd (once per process; stackfeed_mhd_start does too): 1 when it is loaded, else 0 and
// stackfeed_mhd_load_error says why.
int stackfeed_mhd_load(void);

// MHD_start_daemon is variadic, which Swift cannot call: this fixed-argument entry point passes the accept
// policy, the access handler, the completion callback, the connection notification callback (NULL for none; all
// four get the same closure) and an MHD_OPTION_ARRAY of the other options. Loads the library first; NULL when it cannot be loaded
// (stackfeed_mhd_load_error says why) or the daemon cannot start.
struct MHD_Daemon *stackfeed_mhd_start(unsigned int flags, MHD_AcceptPolicyCallback accept_policy,
                                       MHD_AccessHandlerCallback handler, MHD_RequestCompletedCallback completed,
                                       MHD_NotifyConnectionCallback notify, void *closure,
                                       struct MHD_OptionItem *options);

// Why libmicrohttpd could not be loaded, one sentence naming the package to install; NULL when it was loaded
// (or not tried yet).
const char *stackfeed_mhd_load_error(void);

// libmicrohttpd's functions of the same name without the stackfeed_ prefix; only valid once a daemon started.
void stackfeed_mhd_stop_daemon(struct MHD_Daemon *daemon);
struct MHD_Response *stackfeed_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                               enum MHD_ResponseMemoryMode mode);
void stackfeed_mhd_destroy_response(struct MHD_Response *response);
enum MHD_Result stackfeed_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                             struct MHD_Response *response);
enum MHD_Result stackfeed_mhd_add_response_header(struct MHD_Response *response, const char *header,
                                                  const char *content);
enum MHD_Result stackfeed_mhd_add_connection(struct MHD_Daemon *daemon, MHD_socket client_socket,
                                             const struct sockaddr *addr, socklen_t addrlen);
struct MHD_Response *stackfeed_mhd_create_response_from_callback(uint64_t size, size_t block_size,
                                                                 MHD_ContentReaderCallback crc, void *crc_cls,
                                                                 MHD_ContentReaderFreeCallback crfc);
void stackfeed_mhd_suspend_connection(struct MHD_Connection *connection);
void stackfeed_mhd_resume_connection(struct MHD_Connection *connection);

// Sets the connection's idle timeout to `seconds` (MHD_set_connection_option's MHD_CONNECTION_OPTION_TIMEOUT,
// which is variadic); with worker threads, libmicrohttpd then looks at the connection in every pass of its loop
// (a custom timeout) and waits no longer than that for one.
void stackfeed_mhd_set_connection_timeout(struct MHD_Connection *connection, unsigned int seconds);

// The connection's socket (MHD_get_connection_info's MHD_CONNECTION_INFO_CONNECTION_FD, which is variadic), or
// -1 when the library does not tell it.
MHD_socket stackfeed_mhd_connection_socket(struct MHD_Connection *connection);

int stackfeed_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                        MHD_KeyValueIterator iterator, void *iterator_cls);

#endif  // STACKFEED_CMICROHTTPD_H
