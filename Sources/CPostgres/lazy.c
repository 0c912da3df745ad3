// libpq loaded on first use (see CPostgres.h).
#include "CPostgres.h"
#include "libpq_functions.h"

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>

#define DECLARE_POINTER(type, libpq_name, name, parameters, arguments) type(*name) parameters;
#define DECLARE_PROCEDURE_POINTER(libpq_name, name, type, parameter) void (*name)(type parameter);

static struct {
  LIBPQ_CONNECTING(DECLARE_POINTER)
  LIBPQ_FUNCTIONS(DECLARE_POINTER)
  LIBPQ_PROCEDURES(DECLARE_PROCEDURE_POINTER)
} pq;

static pthread_once_t loading = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;

// Reads one function of the library into `*slot`; 0 when it is missing.
static int find(void *library, void **slot, const char *name) {
  *slot = dlsym(library, name);
  if (*slot) return 1;
  snprintf(load_error, sizeof load_error, "libpq has no %s", name);
  return 0;
}

#define FIND(type, libpq_name, name, parameters, arguments) &&find(library, (void **)&pq.name, #libpq_name)
#define FIND_PROCEDURE(libpq_name, name, type, parameter) &&find(library, (void **)&pq.name, #libpq_name)

static void load(void) {
  // The runtime package's name (Debian libpq5), then the -dev package's link.
  void *library = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
  if (!library) library = dlopen("libpq.so", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    snprintf(load_error, sizeof load_error, "cannot load libpq.so.5 (%s)", reason ? reason : "not found");
    return;
  }
  loaded = 1 LIBPQ_CONNECTING(FIND) LIBPQ_FUNCTIONS(FIND) LIBPQ_PROCEDURES(FIND_PROCEDURE);
}

int stackfeed_pq_load(void) {
  pthread_once(&loading, load);
  return loaded;
}

const char *stackfeed_pq_load_error(void) { return load_error[0] ? load_error : NULL; }

static void drop_notice(void *arg, const char *message) {
  (void)arg;
  (void)message;
}

PGconn *stackfeed_pq_connect(const char *const *keywords, const char *const *values) {
  if (!stackfeed_pq_load()) return NULL;
  PGconn *conn = pq.connectdb_params(keywords, values, 0);
  if (conn) pq.set_notice_processor(conn, drop_notice, NULL);
  return conn;
}

const char *stackfeed_pq_value(const PGresult *res, int row, int field, int *length) {
  // NULL reads as "" of length 0 (0 out of range too): only an empty value needs asking whether it is NULL.
  *length = pq.getlength(res, row, field);
  if (*length == 0 && pq.getisnull(res, row, field)) return NULL;  // 1 out of range
  return pq.getvalue(res, row, field);
}

#define FORWARD(type, libpq_name, name, parameters, arguments) \
  type stackfeed_pq_##name parameters { return pq.name arguments; }
#define FORWARD_PROCEDURE(libpq_name, name, type, parameter) \
  void stackfeed_pq_##name(type parameter) { pq.name(parameter); }

LIBPQ_FUNCTIONS(FORWARD)
LIBPQ_PROCEDURES(FORWARD_PROCEDURE)

int stackfeed_pq_wait_input(PGconn *conn, int timeout_ms) {
  struct pollfd socket = {.fd = pq.socket(conn), .events = POLLIN};
  if (socket.fd < 0) return -1;
  int ready = poll(&socket, 1, timeout_ms);
  if (ready < 0) return errno == EINTR ? 0 : -1;
  if (ready == 0) return 0;
  return pq.consume_input(conn) == 1 ? 1 : -1;
}
