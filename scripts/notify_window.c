/*
 * notify_window.c - how long after a writer's COMMIT returns its NOTIFY reaches a listening session's socket, and
 * what the round trip that closes that window costs (docs/STORAGE.md, "The answer memo on PostgreSQL").
 *
 * Build:  cc -O2 -std=c11 -Wall -I/usr/include/postgresql -o notify_window scripts/notify_window.c -lpq
 * Run:    ./notify_window CONNINFO [COMMITS]        (scripts/measure-notify-window.sh runs it on a throwaway cluster)
 *
 * COMMITS times (default 2000): the writer runs BEGIN, then "NOTIFY stackfeed_commit; COMMIT" (what PostgresCore's
 * write { } sends); once that returns, the listener spins on PQconsumeInput + PQnotifies (no round trip) until the
 * notification is there. Prints the delay's median, p90, p99, p99.9 and max, and how many were there at once.
 * Then the listener's protocol Sync (PQpipelineSync: a round trip without a statement), 20,000 times: its mean.
 */
#define _POSIX_C_SOURCE 200809L
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void run(PGconn *conn, const char *sql) {
    PGresult *result = PQexec(conn, sql);
    if (PQresultStatus(result) != PGRES_COMMAND_OK) {
        fprintf(stderr, "notify_window: %s: %s", sql, PQerrorMessage(conn));
        exit(1);
    }
    PQclear(result);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: notify_window CONNINFO [COMMITS]\n");
        return 64;
    }
    int commits = argc > 2 ? atoi(argv[2]) : 2000;
    PGconn *writer = PQconnectdb(argv[1]), *listener = PQconnectdb(argv[1]);
    if (PQstatus(writer) != CONNECTION_OK || PQstatus(listener) != CONNECTION_OK) {
        fprintf(stderr, "notify_window: %s", PQerrorMessage(PQstatus(writer) != CONNECTION_OK ? writer : listener));
        return 1;
    }
    run(listener, "LISTEN stackfeed_commit");
    double *delays = malloc(commits * sizeof *delays);
    int at_once = 0;
    for (int i = 0; i < commits; i++) {
        run(writer, "BEGIN");
        run(writer, "NOTIFY stackfeed_commit; COMMIT");
        double committed = now_us();
        long spins = 0;
        PGnotify *notification;
        for (;;) {
            PQconsumeInput(listener);
            if ((notification = PQnotifies(listener))) break;
            spins++;
        }
        delays[i] = now_us() - committed;
        if (spins == 0) at_once++;
        PQfreemem(notification);
    }
    qsort(delays, commits, sizeof *delays, ascending);
    printf("commits=%d at_once=%d median_us=%.1f p90_us=%.1f p99_us=%.1f p999_us=%.1f max_us=%.1f\n", commits,
           at_once, delays[commits / 2], delays[commits * 9 / 10], delays[commits * 99 / 100],
           delays[commits * 999 / 1000], delays[commits - 1]);
    int syncs = 20000;
    double start = now_us();
    for (int i = 0; i < syncs; i++) {
        PQenterPipelineMode(listener);
        PQpipelineSync(listener);
        PGresult *result = PQgetResult(listener);
        if (PQresultStatus(result) != PGRES_PIPELINE_SYNC) {
            fprintf(stderr, "notify_window: the Sync failed: %s", PQerrorMessage(listener));
            return 1;
        }
        PQclear(result);
        PQexitPipelineMode(listener);
    }
    printf("sync_round_trip_us=%.1f\n", (now_us() - start) / syncs);
    PQfinish(writer);
    PQfinish(listener);
    free(delays);
    return 0;
}
