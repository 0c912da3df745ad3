// The libpq functions PostgresCore calls, with libpq's signatures, as X-macro lists: lazy.c declares, loads
// and forwards them; scripts/check-libpq-declarations.sh compiles them against the real libpq-fe.h.
// Included after CPostgres.h or libpq-fe.h (for the types).

// Every libpq function PostgresCore calls: X(return type, libpq name, our name, parameters, arguments).
#define LIBPQ_FUNCTIONS(X)                                                                                  \
  X(ConnStatusType, PQstatus, status, (const PGconn *conn), (conn))                                         \
  X(char *, PQerrorMessage, error_message, (const PGconn *conn), (conn))                                    \
  X(PGTransactionStatusType, PQtransactionStatus, transaction_status, (const PGconn *conn), (conn))         \
  X(char *, PQhost, host, (const PGconn *conn), (conn))                                                     \
  X(char *, PQport, port, (const PGconn *conn), (conn))                                                     \
  X(char *, PQdb, db, (const PGconn *conn), (conn))                                     \
  X(PGresult *, PQexec, exec, (PGconn *conn, const char *query), (conn, query))                             \
  X(PGresult *, PQprepare, prepare,                                                                         \
    (PGconn *conn, const char *name, const char *query, int n_params, const Oid *param_types),              \
    (conn, name, query, n_params, param_types))                                                             \
  X(int, PQsendQueryParams, send_query_params,                                                              \
    (PGconn *conn, const char *command, int n_params, const Oid *param_types, const char *const *param_values, \
     const int *param_lengths, const int *param_formats, int result_format),                                \
    (conn, command, n_params, param_types, param_values, param_lengths, param_formats, result_format))      \
  X(int, PQsendQueryPrepared, send_query_prepared,                                                          \
    (PGconn *conn, const char *name, int n_params, const char *const *param_values,                         \
     const int *param_lengths, const int *param_formats, int result_format),                                \
    (conn, name, n_params, param_values, param_lengths, param_formats, result_format))                      \
  X(int, PQsetSingleRowMode, set_single_row_mode, (PGconn *conn), (conn))                                   \
  X(PGresult *, PQgetResult, get_result, (PGconn *conn), (conn))                                            \
  X(int, PQenterPipelineMode, enter_pipeline_mode, (PGconn *conn), (conn))                                 \
  X(int, PQexitPipelineMode, exit_pipeline_mode, (PGconn *conn), (conn))                                   \
  X(int, PQpipelineSync, pipeline_sync, (PGconn *conn), (conn))                                             \
  X(PGnotify *, PQnotifies, notifies, (PGconn *conn), (conn))                                               \
  X(int, PQsocket, socket, (const PGconn *conn), (conn))                                                    \
  X(int, PQconsumeInput, consume_input, (PGconn *conn), (conn))                                             \
  X(ExecStatusType, PQresultStatus, result_status, (const PGresult *res), (res))                            \
  X(char *, PQresultErrorMessage, result_error_message, (const PGresult *res), (res))                       \
  X(char *, PQresultErrorField, result_error_field, (const PGresult *res, int field_code), (res, field_code)) \
  X(int, PQntuples, ntuples, (const PGresult *res), (res))                                                  \
  X(int, PQnfields, nfields, (const PGresult *res), (res))                                                  \
  X(char *, PQfname, fname, (const PGresult *res, int field), (res, field))                                 \
  X(Oid, PQftype, ftype, (const PGresult *res, int field), (res, field))                                    \
  X(char *, PQgetvalue, getvalue, (const PGresult *res, int row, int field), (res, row, field))             \
  X(int, PQgetlength, getlength, (const PGresult *res, int row, int field), (res, row, field))              \
  X(int, PQgetisnull, getisnull, (const PGresult *res, int row, int field), (res, row, field))

// The ones that return nothing: X(libpq name, our name, parameter type, parameter).
#define LIBPQ_PROCEDURES(X)   \
  X(PQfinish, finish, PGconn *, conn) \
  X(PQreset, reset, PGconn *, conn)   \
  X(PQclear, clear, PGresult *, res) \
  X(PQfreemem, freemem, void *, ptr)

// The ones only lazy.c calls (stackfeed_pq_connect), same shape as LIBPQ_FUNCTIONS.
typedef void (*stackfeed_pq_notice_processor)(void *arg, const char *message);
#define LIBPQ_CONNECTING(X)                                                                                   \
  X(PGconn *, PQconnectdbParams, connectdb_params,                                                          \
    (const char *const *keywords, const char *const *values, int expand_dbname), (keywords, values, expand_dbname)) \
  X(stackfeed_pq_notice_processor, PQsetNoticeProcessor, set_notice_processor,                             \
    (PGconn *conn, stackfeed_pq_notice_processor processor, void *arg), (conn, processor, arg))
