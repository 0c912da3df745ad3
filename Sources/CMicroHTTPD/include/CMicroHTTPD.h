// GNU libmicrohttpd (Debian libmicrohttpd-dev), for the HTTPServer module only.
//
// The library is not linked: it is loaded with dlopen(3) on the first stackfeed_mhd_start, so that every other
// stackfeed command starts without loading it and the TLS libraries it depends on (a dozen shared libraries,
// about as much start-up work as the rest of a `list --limit 20`). Call libmicrohttpd through these functions
// only; they have its functions' signatures.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon is variadic, which Swift cannot call: this fixed-argument entry point passes the access
// handler, the completion callback (same closure) and an MHD_OPTION_ARRAY of the other options. Loads the
// library first; NULL when it cannot be loaded (stackfeed_mhd_load_error says why) or the daemon cannot start.
struct MHD_Daemon *stackfeed_mhd_start(unsigned int flags, MHD_AccessHandlerCallback handler,
                                       MHD_RequestCompletedCallback completed, void *closure,
                                       struct MHD_OptionItem *options);

// Why libmicrohttpd could not be loaded, or NULL when it was (or was not tried yet).
const char *stackfeed_mhd_load_error(void);

// libmicrohttpd's functions of the same name without the stackfeed_ prefix; only valid once a daemon started.
void stackfeed_mhd_stop_daemon(struct MHD_Daemon *daemon);
MHD_socket stackfeed_mhd_quiesce_daemon(struct MHD_Daemon *daemon);
struct MHD_Response *stackfeed_mhd_create_response_from_buffer(size_t size, void *buffer,
                                                               enum MHD_ResponseMemoryMode mode);
void stackfeed_mhd_destroy_response(struct MHD_Response *response);
enum MHD_Result stackfeed_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code,
                                             struct MHD_Response *response);
enum MHD_Result stackfeed_mhd_add_response_header(struct MHD_Response *response, const char *header,
                                                  const char *content);
int stackfeed_mhd_get_connection_values(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                        MHD_KeyValueIterator iterator, void *iterator_cls);
