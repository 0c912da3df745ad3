/*
 * postgres_anchor.c - raw libpq anchor for a feed table: the ceiling Stackfeed's PostgreSQL store is measured
 * against (issue 13: "pgbench-style raw libpq inserts and selects of the same rows"). The PostgreSQL twin of
 * sqlite_anchor.c (../shared/bench): the same rows from the same generator, the same schema, the same phases.
 *
 * Build:  cc -O2 -std=c11 -Wall -Wextra -I/usr/include/postgresql -o postgres_anchor \
 *             scripts/postgres_anchor.c -lpq            (needs libpq-dev; Stackfeed itself does not)
 * Run:    ./postgres_anchor CONNINFO ROWS [text|binary] [PAGES]   seeding, pages, reading all: its own table
 *         ./postgres_anchor --pages CONNINFO [PAGES]                 20-row pages of a seeded Stackfeed store
 *         ./postgres_anchor postgres://stackfeed:pw@127.0.0.1:5432/bench 1000000
 *
 * What it does, CONNINFO ROWS (scripts/bench-postgres.sh: PostgresCore against libpq on the same table):
 *   1. drops and creates the table feed_anchor (id text PRIMARY KEY, title text NOT NULL, subtitle text NOT NULL,
 *      tag text, image text NOT NULL, position bigint NOT NULL) and an index on position;
 *   2. generates ROWS rows in memory BEFORE timing (sqlite_anchor.c's splitmix64 stream: random v4 UUID,
 *      title, subtitle, tag NULL for every third row, image path, position = row number);
 *   3. times BEGIN, one prepared INSERT executed per row (PQexecPrepared, text parameters: one round trip per
 *      row, as a seeding loop does), COMMIT;
 *   4. times keyset pages of 20 rows, SELECT … WHERE position > $1 ORDER BY position LIMIT 20 (prepared), after
 *      position -1 (the first page) and after ROWS/2 (the middle), PAGES times each (default 200): median µs;
 *   5. times SELECT id, title, subtitle, tag, image, position FROM feed_anchor ORDER BY position in single-row
 *      mode (rows stream, memory stays flat), reading every column of every row, results in the text format
 *      (positions parsed with strtoll) or the binary one (positions are 8 big-endian bytes);
 *   6. prints one key=value line: wall timings, rows/s, this process's CPU time in the insert and select phases
 *      (the client's share, steady under load), the peak RSS of this process (includes the generated rows).
 * What it does, --pages CONNINFO [PAGES], on a database a Stackfeed store was seeded into (the bundled reference
 * seeds plus generated feed items: `stackfeed-bench store` leaves one): selects the rows a 20-row page of the
 * store reads, with the store's own SQL text (the feed_item, users and orders/line_item/product queries of
 * Sources/BuiltInPlugins), every statement prepared once beforehand, every column of every row read. PAGES
 * times each (default 200), the three kinds of page interleaved, median µs of each:
 *   page_first_pgbench_us    the first page as a pgbench script of those statements runs with -M prepared:
 *                            BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY (one snapshot for the page, as the
 *                            store's read); the viewer's (default) users row; the first 20 feed items (what the store
 *                            asks for: 18 shown, the order takes a row, one more tells a next page exists); the
 *                            latest order with its lines and products; END. Each waited for: 5 round trips.
 *   page_first_pipelined_us  the same 5 statements in one libpq pipeline with one sync point
 *                            (PQenterPipelineMode, PQsendQueryPrepared x5, PQpipelineSync, then the results):
 *                            1 round trip, the fewest raw libpq needs for these rows in one snapshot.
 *   page_middle_us           the 21 feed items after the middle position (20 shown, one more), one prepared
 *                            SELECT: 1 round trip (a single statement is one snapshot without BEGIN).
 */
#define _POSIX_C_SOURCE 200809L
#include <libpq-fe.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

typedef struct {
    char id[37];
    char title[40];
    char subtitle[72];
    char tag[8];
    int has_tag;
    char image[32];
    long long position;
} Row;

static double clock_s(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double now_s(void) { return clock_s(CLOCK_MONOTONIC); }

/* This process's CPU time: the client's share of a phase, whatever the server and the machine's load do. */
static double cpu_s(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID); }

/* splitmix64 and make_row: exactly sqlite_anchor.c's, so both anchors insert the same rows */
static uint64_t rng_state = 42;
static uint64_t splitmix64(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void make_row(Row *r, long long i) {
    uint64_t a = splitmix64(), b = splitmix64();
    unsigned char u[16];
    for (int k = 0; k < 8; k++) {
        u[k] = (unsigned char)(a >> (56 - 8 * k));
        u[8 + k] = (unsigned char)(b >> (56 - 8 * k));
    }
    u[6] = (u[6] & 0x0F) | 0x40; /* version 4 */
    u[8] = (u[8] & 0x3F) | 0x80; /* RFC 4122 variant */
    snprintf(r->id, sizeof r->id,
             "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
             u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13],
             u[14], u[15]);
    snprintf(r->title, sizeof r->title, "Card title %lld", i);
    snprintf(r->subtitle, sizeof r->subtitle, "Subtitle for card %lld, one line of secondary text", i);
    r->has_tag = (i % 3) != 0;
    snprintf(r->tag, sizeof r->tag, "tag%lld", i % 7);
    snprintf(r->image, sizeof r->image, "images/%08llx.jpg", (unsigned long long)(a >> 32));
    r->position = i;
}

static void check(PGconn *conn, PGresult *res, const char *what) {
    ExecStatusType status = PQresultStatus(res);
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
        fprintf(stderr, "postgres_anchor: %s: %s", what, PQerrorMessage(conn));
        exit(1);
    }
    PQclear(res);
}

static void exec(PGconn *conn, const char *sql) { check(conn, PQexec(conn, sql), sql); }

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median time of `pages` keyset pages after `after`, in microseconds; checks each page's 20 positions. */
static double page_us(PGconn *conn, long long after, long long n, int pages) {
    double *times = malloc(sizeof(double) * (size_t)pages);
    char text[32];
    snprintf(text, sizeof text, "%lld", after);
    const char *values[1] = {text};
    long long expected = n - after - 1 < 20 ? n - after - 1 : 20;
    for (int k = 0; k < pages; k++) {
        double t0 = now_s();
        PGresult *res = PQexecPrepared(conn, "page", 1, values, NULL, NULL, 0);
        if (PQresultStatus(res) != PGRES_TUPLES_OK || PQntuples(res) != expected ||
            atoll(PQgetvalue(res, 0, 5)) != after + 1) {
            fprintf(stderr, "postgres_anchor: page after %lld: %s", after, PQerrorMessage(conn));
            exit(1);
        }
        for (int row = 0; row < PQntuples(res); row++)
            for (int c = 0; c < 6; c++) (void)PQgetvalue(res, row, c);
        PQclear(res);
        times[k] = now_s() - t0;
    }
    qsort(times, (size_t)pages, sizeof(double), compare_doubles);
    double median = times[pages / 2] * 1e6;
    free(times);
    return median;
}

/* ---- pages of a seeded Stackfeed store (--pages) ---- */

/* The store's SQL (Sources/BuiltInPlugins: HeaderPlugin, FeedItemPlugin, OrderPlugin), text for text. */
static const char *const HEADER_SQL = "SELECT first_name, last_name FROM users WHERE id = $1";
static const char *const ITEMS_SQL =
    "SELECT id, title, subtitle, tag, image, position FROM feed_item WHERE position > $1 ORDER BY position LIMIT $2";
static const char *const ORDER_SQL =
    "WITH latest AS (\n"
    "  SELECT id, status, ordered_at FROM orders WHERE user_id = $1 ORDER BY ordered_at DESC, id DESC LIMIT 1)\n"
    "SELECT latest.id, latest.status, latest.ordered_at, line_item.quantity, product.id, product.title, "
    "product.image\n"
    "FROM latest\n"
    "LEFT JOIN line_item ON line_item.order_id = latest.id\n"
    "LEFT JOIN product ON product.id = line_item.product_id\n"
    "ORDER BY line_item.line";

/* One statement of a page: its prepared name, its arguments, the rows it must return (-1: at least one). */
typedef struct {
    const char *name;
    int n_params;
    const char *values[2];
    int rows;
} Step;

/* Reads every column of every row of a result and checks its status and row count; returns the row count. */
static int read_result(PGconn *conn, PGresult *res, const Step *step) {
    ExecStatusType status = PQresultStatus(res);
    int rows = PQntuples(res);
    if ((status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) ||
        (step->rows >= 0 ? rows != step->rows : rows < 1)) {
        fprintf(stderr, "postgres_anchor: %s: %d rows, status %s: %s", step->name, rows, PQresStatus(status),
                PQerrorMessage(conn));
        exit(1);
    }
    for (int row = 0; row < rows; row++)
        for (int c = 0; c < PQnfields(res); c++) (void)PQgetvalue(res, row, c);
    return rows;
}

/* Runs the steps one after another, each waited for (a pgbench script: one round trip each). */
static void run_waiting(PGconn *conn, const Step *steps, int count) {
    for (int k = 0; k < count; k++) {
        PGresult *res = PQexecPrepared(conn, steps[k].name, steps[k].n_params, steps[k].values, NULL, NULL, 0);
        read_result(conn, res, &steps[k]);
        PQclear(res);
    }
}

/* Runs the steps in one pipeline with one sync point: one round trip. */
static void run_pipelined(PGconn *conn, const Step *steps, int count) {
    if (!PQenterPipelineMode(conn)) goto failed;
    for (int k = 0; k < count; k++)
        if (!PQsendQueryPrepared(conn, steps[k].name, steps[k].n_params, steps[k].values, NULL, NULL, 0)) goto failed;
    if (!PQpipelineSync(conn)) goto failed;
    for (int k = 0; k < count; k++) {
        PGresult *res;
        while ((res = PQgetResult(conn)) != NULL) {
            read_result(conn, res, &steps[k]);
            PQclear(res);
        }
    }
    PGresult *sync = PQgetResult(conn);
    if (PQresultStatus(sync) != PGRES_PIPELINE_SYNC) goto failed;
    PQclear(sync);
    if (!PQexitPipelineMode(conn)) goto failed;
    return;
failed:
    fprintf(stderr, "postgres_anchor: pipeline: %s", PQerrorMessage(conn));
    exit(1);
}

static double median_us(double *times, int count) {
    qsort(times, (size_t)count, sizeof(double), compare_doubles);
    return times[count / 2] * 1e6;
}

static int pages_main(const char *conninfo, int pages) {
    if (pages < 1) {
        fprintf(stderr, "postgres_anchor: PAGES must be at least 1\n");
        return 2;
    }
    PGconn *conn = PQconnectdb(conninfo);
    if (PQstatus(conn) != CONNECTION_OK) {
        fprintf(stderr, "postgres_anchor: connect: %s", PQerrorMessage(conn));
        return 1;
    }
    check(conn, PQprepare(conn, "begin", "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", 0, NULL), "prepare begin");
    check(conn, PQprepare(conn, "header", HEADER_SQL, 0, NULL), "prepare header");
    check(conn, PQprepare(conn, "items", ITEMS_SQL, 0, NULL), "prepare items");
    check(conn, PQprepare(conn, "order", ORDER_SQL, 0, NULL), "prepare order");
    check(conn, PQprepare(conn, "end", "END", 0, NULL), "prepare end");
    PGresult *res = PQexec(conn, "SELECT max(position) / 2 FROM feed_item");
    if (PQresultStatus(res) != PGRES_TUPLES_OK || PQgetisnull(res, 0, 0)) {
        fprintf(stderr, "postgres_anchor: no feed items (seed a Stackfeed store first): %s", PQerrorMessage(conn));
        return 1;
    }
    char middle[24];
    snprintf(middle, sizeof middle, "%s", PQgetvalue(res, 0, 0));
    PQclear(res);

    const Step first[] = {
        {"begin", 0, {NULL}, 0},
        {"header", 1, {"default"}, 1},
        {"items", 2, {"-9223372036854775808", "20"}, 20},
        {"order", 1, {"default"}, -1},
        {"end", 0, {NULL}, 0},
    };
    const Step middle_page[] = {{"items", 2, {middle, "21"}, 21}};
    double *pgbench = malloc(sizeof(double) * (size_t)pages), *pipelined = malloc(sizeof(double) * (size_t)pages),
           *middles = malloc(sizeof(double) * (size_t)pages);
    for (int k = 0; k < pages; k++) {
        double t0 = now_s();
        run_waiting(conn, first, 5);
        double t1 = now_s();
        run_pipelined(conn, first, 5);
        double t2 = now_s();
        run_waiting(conn, middle_page, 1);
        double t3 = now_s();
        pgbench[k] = t1 - t0;
        pipelined[k] = t2 - t1;
        middles[k] = t3 - t2;
    }
    printf("impl=c libpq=%d server=%d pages=%d page_first_pgbench_us=%.1f page_first_pipelined_us=%.1f "
           "page_middle_us=%.1f\n",
           PQlibVersion(), PQserverVersion(conn), pages, median_us(pgbench, pages), median_us(pipelined, pages),
           median_us(middles, pages));
    free(pgbench);
    free(pipelined);
    free(middles);
    PQfinish(conn);
    return 0;
}
int main(int argc, char **argv) {
    if (argc >= 3 && strcmp(argv[1], "--pages") == 0) return pages_main(argv[2], argc > 3 ? atoi(argv[3]) : 200);
    if (argc < 3) {
        fprintf(stderr, "usage: %s CONNINFO ROWS [text|binary] [PAGES]\n       %s --pages CONNINFO [PAGES]\n",
                argv[0], argv[0]);
        return 2;
    }
    long long n = atoll(argv[2]);
    int binary = argc > 3 && strcmp(argv[3], "binary") == 0;
    int pages = argc > 4 ? atoi(argv[4]) : 200;
    if (n < 2 || pages < 1) {
        fprintf(stderr, "postgres_anchor: ROWS must be at least 2 and PAGES at least 1\n");
        return 2;
    }

    Row *rows = malloc(sizeof(Row) * (size_t)n);
    if (!rows) { fprintf(stderr, "out of memory\n"); return 1; }
    for (long long i = 0; i < n; i++) make_row(&rows[i], i);

    PGconn *conn = PQconnectdb(argv[1]);
    if (PQstatus(conn) != CONNECTION_OK) {
        fprintf(stderr, "postgres_anchor: connect: %s", PQerrorMessage(conn));
        return 1;
    }
    exec(conn, "SET client_min_messages = warning");
    exec(conn, "DROP TABLE IF EXISTS feed_anchor");
    exec(conn, "CREATE TABLE feed_anchor (id text PRIMARY KEY, title text NOT NULL, subtitle text NOT NULL, "
               "tag text, image text NOT NULL, position bigint NOT NULL)");
    exec(conn, "CREATE INDEX feed_anchor_position ON feed_anchor (position)");

    /* ---- insert: one transaction, one prepared statement, one round trip per row ---- */
    check(conn, PQprepare(conn, "insert", "INSERT INTO feed_anchor (id, title, subtitle, tag, image, position) "
                                          "VALUES ($1, $2, $3, $4, $5, $6)", 6, NULL), "prepare insert");
    double t0 = now_s(), c0 = cpu_s();
    exec(conn, "BEGIN");
    for (long long i = 0; i < n; i++) {
        const Row *r = &rows[i];
        char position[24];
        snprintf(position, sizeof position, "%lld", r->position);
        const char *values[6] = {r->id, r->title, r->subtitle, r->has_tag ? r->tag : NULL, r->image, position};
        check(conn, PQexecPrepared(conn, "insert", 6, values, NULL, NULL, 0), "insert");
    }
    exec(conn, "COMMIT");
    double t1 = now_s(), c1 = cpu_s();
    exec(conn, "ANALYZE feed_anchor");

    /* ---- keyset pages of 20 ---- */
    check(conn, PQprepare(conn, "page", "SELECT id, title, subtitle, tag, image, position FROM feed_anchor "
                                        "WHERE position > $1 ORDER BY position LIMIT 20", 1, NULL), "prepare page");
    double first_us = page_us(conn, -1, n, pages);
    double middle_us = page_us(conn, n / 2, n, pages);

    /* ---- stream every row in single-row mode ---- */
    check(conn, PQprepare(conn, "all", "SELECT id, title, subtitle, tag, image, position FROM feed_anchor "
                                       "ORDER BY position", 0, NULL), "prepare select");
    double t2 = now_s(), c2 = cpu_s();
    if (!PQsendQueryPrepared(conn, "all", 0, NULL, NULL, NULL, binary) || !PQsetSingleRowMode(conn)) {
        fprintf(stderr, "postgres_anchor: select: %s", PQerrorMessage(conn));
        return 1;
    }
    long long count = 0, bytes = 0, possum = 0;
    PGresult *res;
    while ((res = PQgetResult(conn)) != NULL) {
        ExecStatusType status = PQresultStatus(res);
        if (status == PGRES_SINGLE_TUPLE) {
            for (int c = 0; c < 5; c++) {
                (void)PQgetvalue(res, 0, c);
                bytes += PQgetlength(res, 0, c);
            }
            const char *value = PQgetvalue(res, 0, 5);
            if (binary) {
                const unsigned char *b = (const unsigned char *)value;
                uint64_t v = 0;
                for (int k = 0; k < 8; k++) v = v << 8 | b[k];
                possum += (long long)v;
            } else {
                possum += strtoll(value, NULL, 10);
            }
            count++;
        } else if (status != PGRES_TUPLES_OK) {
            fprintf(stderr, "postgres_anchor: select: %s", PQerrorMessage(conn));
            return 1;
        }
        PQclear(res);
    }
    double t3 = now_s(), c3 = cpu_s();
    if (count != n || possum != n * (n - 1) / 2) {
        fprintf(stderr, "postgres_anchor: read back %lld rows (position sum %lld), expected %lld\n", count, possum, n);
        return 1;
    }
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    printf("impl=c libpq=%d server=%d rows=%lld format=%s insert_s=%.6f insert_rows_per_s=%.0f "
           "insert_client_cpu_s=%.6f page_first_us=%.1f page_middle_us=%.1f select_s=%.6f select_rows_per_s=%.0f "
           "select_client_cpu_s=%.6f text_bytes_read=%lld max_rss_kb=%ld first_id=%s\n",
           PQlibVersion(), PQserverVersion(conn), n, binary ? "binary" : "text", t1 - t0, n / (t1 - t0), c1 - c0,
           first_us, middle_us, t3 - t2, n / (t3 - t2), c3 - c2, bytes, usage.ru_maxrss, rows[0].id);
    PQfinish(conn);
    free(rows);
    return 0;
}
