/*
 * postgres_anchor.c - raw libpq anchor for a feed table: the ceiling Stackfeed's PostgreSQL store is measured
 * against (issue 13: "pgbench-style raw libpq inserts and selects of the same rows"). The PostgreSQL twin of
 * sqlite_anchor.c (../shared/bench): the same rows from the same generator, the same schema, the same phases.
 *
 * Build:  cc -O2 -std=c11 -Wall -Wextra -I/usr/include/postgresql -o postgres_anchor \
 *             scripts/postgres_anchor.c -lpq            (needs libpq-dev; Stackfeed itself does not)
 * Run:    ./postgres_anchor CONNINFO ROWS [text|binary] [PAGES]
 *         ./postgres_anchor postgres://stackfeed:pw@127.0.0.1:5432/bench 1000000
 *
 * What it does:
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

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s CONNINFO ROWS [text|binary] [PAGES]\n", argv[0]);
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
