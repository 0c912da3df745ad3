// GNU libmicrohttpd (Debian libmicrohttpd-dev), for the HTTPServer module only.
#include <stdarg.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_start_daemon is variadic, which Swift cannot call: this fixed-argument entry point passes the access
// handler, the completion callback (same closure) and an MHD_OPTION_ARRAY of the other options.
static inline struct MHD_Daemon *stackfeed_mhd_start(unsigned int flags, MHD_AccessHandlerCallback handler,
                                                     MHD_RequestCompletedCallback completed, void *closure,
                                                     struct MHD_OptionItem *options) {
  return MHD_start_daemon(flags, 0, NULL, NULL, handler, closure, MHD_OPTION_NOTIFY_COMPLETED, completed, closure,
                          MHD_OPTION_ARRAY, options, MHD_OPTION_END);
}
