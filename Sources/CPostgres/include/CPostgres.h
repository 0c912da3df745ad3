// libpq, the PostgreSQL client library, for the PostgresCore module only.
//
// Building needs no libpq headers (Debian libpq-dev): this file declares the few types, values and functions
// PostgresCore uses, copied from libpq-fe.h and postgres_ext.h of libpq 15.20 (Debian 15.20-0+deb12u1) and
// checked against them. libpq keeps them stable across versions: its header says values are only ever
// added, and these functions exist since libpq 9.2 (single-row mode) or earlier, except pipeline mode's
// (PQenterPipelineMode, PQexitPipelineMode, PQpipelineSync: libpq 14), so libpq 14 or later is needed.
//
// The library is not linked: stackfeed_pq_load opens libpq.so.5 (Debian libpq5) with dlopen(3) on first
// use, so that a machine without it builds, tests and runs every SQLite command; only talking to a
// PostgreSQL server needs it. Call libpq through these functions only; they have its functions' signatures
// and are valid once stackfeed_pq_load returned 1.
#include <stddef.h>

// Opaque handles (libpq-fe.h: `typedef struct pg_conn PGconn; typedef struct pg_result PGresult;`).
typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;
// libpq-fe.h `typedef struct pgNotify {…} PGnotify;`: a notification, allocated by libpq (PQnotifies) and freed
// with PQfreemem. Only its public fields are declared, in libpq's order; the private ones after them are not
// (PostgresCore reads a notification, never makes or copies one).
typedef struct pgNotify {
  char *relname;  // the channel
  int be_pid;     // the notifying server process
  char *extra;    // the payload ("" when none)
} PGnotify;
// postgres_ext.h: a type's object identifier.
typedef unsigned int Oid;

// libpq-fe.h ConnStatusType: only the two values a blocking connection reports.
typedef enum { CONNECTION_OK = 0, CONNECTION_BAD = 1 } ConnStatusType;

// libpq-fe.h ExecStatusType, every value (a result status is compared against all of them).
typedef enum {
  PGRES_EMPTY_QUERY = 0,
  PGRES_COMMAND_OK = 1,
  PGRES_TUPLES_OK = 2,
  PGRES_COPY_OUT = 3,
  PGRES_COPY_IN = 4,
  PGRES_BAD_RESPONSE = 5,
  PGRES_NONFATAL_ERROR = 6,
  PGRES_FATAL_ERROR = 7,
  PGRES_COPY_BOTH = 8,
  PGRES_SINGLE_TUPLE = 9,
  PGRES_PIPELINE_SYNC = 10,
  PGRES_PIPELINE_ABORTED = 11
} ExecStatusType;

// libpq-fe.h PGTransactionStatusType.
typedef enum {
  PQTRANS_IDLE = 0,
  PQTRANS_ACTIVE = 1,
  PQTRANS_INTRANS = 2,
  PQTRANS_INERROR = 3,
  PQTRANS_UNKNOWN = 4
} PGTransactionStatusType;

// postgres_ext.h: the error fields PostgresCore reads with stackfeed_pq_result_error_field.
enum { PG_DIAG_SQLSTATE = 'C', PG_DIAG_MESSAGE_PRIMARY = 'M', PG_DIAG_MESSAGE_DETAIL = 'D' };

// Loads libpq once per process (thread-safe); 1 when it is loaded, 0 when it cannot be (then
// stackfeed_pq_load_error says why).
int stackfeed_pq_load(void);

// Why libpq could not be loaded, or NULL when it was (or was not tried yet).
const char *stackfeed_pq_load_error(void);

// PQconnectdbParams, then a notice processor that drops notices (libpq prints them on stderr by default).
PGconn *stackfeed_pq_connect(const char *const *keywords, const char *const *values);

// One value of a result in one call (PQgetisnull, PQgetlength, PQgetvalue): its bytes, NUL-terminated and valid
// while the result is, with *length set to their number; or NULL for SQL NULL or a row or column out of range
// (*length 0). The text format's bytes are the value's text; the server sends them in the client encoding.
const char *stackfeed_pq_value(const PGresult *res, int row, int field, int *length);

// libpq's functions of the same name without the stackfeed_pq_ prefix (PQstatus, PQerrorMessage, …).
ConnStatusType stackfeed_pq_status(const PGconn *conn);
char *stackfeed_pq_error_message(const PGconn *conn);
void stackfeed_pq_finish(PGconn *conn);
void stackfeed_pq_reset(PGconn *conn);
PGTransactionStatusType stackfeed_pq_transaction_status(const PGconn *conn);
char *stackfeed_pq_host(const PGconn *conn);
char *stackfeed_pq_port(const PGconn *conn);
char *stackfeed_pq_db(const PGconn *conn);

PGresult *stackfeed_pq_exec(PGconn *conn, const char *query);
PGresult *stackfeed_pq_prepare(PGconn *conn, const char *name, const char *query, int n_params,
                               const Oid *param_types);
int stackfeed_pq_send_query_prepared(PGconn *conn, const char *name, int n_params,
                                     const char *const *param_values, const int *param_lengths,
                                     const int *param_formats, int result_format);
int stackfeed_pq_send_query_params(PGconn *conn, const char *command, int n_params, const Oid *param_types,
                                   const char *const *param_values, const int *param_lengths,
                                   const int *param_formats, int result_format);
int stackfeed_pq_set_single_row_mode(PGconn *conn);
PGresult *stackfeed_pq_get_result(PGconn *conn);
// Pipeline mode (libpq 14): https://www.postgresql.org/docs/current/libpq-pipeline-mode.html
int stackfeed_pq_enter_pipeline_mode(PGconn *conn);
int stackfeed_pq_exit_pipeline_mode(PGconn *conn);
int stackfeed_pq_pipeline_sync(PGconn *conn);

// Notifications (LISTEN/NOTIFY): https://www.postgresql.org/docs/current/libpq-notify.html
PGnotify *stackfeed_pq_notifies(PGconn *conn);
void stackfeed_pq_freemem(void *ptr);
int stackfeed_pq_socket(const PGconn *conn);
int stackfeed_pq_consume_input(PGconn *conn);
// Waits until the connection's socket has input or `timeout_ms` passed (poll(2); a signal counts as the time
// passing), then reads what arrived (PQconsumeInput), so PQnotifies finds the notifications in it: 1 read,
// 0 nothing came, -1 the connection failed.
int stackfeed_pq_wait_input(PGconn *conn, int timeout_ms);

ExecStatusType stackfeed_pq_result_status(const PGresult *res);
char *stackfeed_pq_result_error_message(const PGresult *res);
char *stackfeed_pq_result_error_field(const PGresult *res, int field_code);
int stackfeed_pq_ntuples(const PGresult *res);
int stackfeed_pq_nfields(const PGresult *res);
char *stackfeed_pq_fname(const PGresult *res, int field);
Oid stackfeed_pq_ftype(const PGresult *res, int field);
char *stackfeed_pq_getvalue(const PGresult *res, int row, int field);
int stackfeed_pq_getlength(const PGresult *res, int row, int field);
int stackfeed_pq_getisnull(const PGresult *res, int row, int field);
void stackfeed_pq_clear(PGresult *res);
