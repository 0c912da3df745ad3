/*
 * order_anchor.c - the ceiling for `POST /v1/me/orders` on SQLite (docs/BENCHMARKS.md, "Users and writes"): the
 * same transactions the order plugin makes for one order of one line item, made by THREADS threads, each with its
 * own connection to the same database file, for SECONDS seconds, with no HTTP, no JSON and no Swift.
 *
 * Build:  cc -O2 -std=c11 -Wall -Wextra -pthread -o order_anchor scripts/order_anchor.c -lsqlite3
 * Run:    ./order_anchor DB THREADS SECONDS USERS_FILE     (USERS_FILE: user ids, one per line)
 * Prints: "ORDERS_PER_SECOND P99_MS" on one line.
 *
 * Each connection is set up as SQLiteCore opens one (WAL, synchronous=NORMAL, foreign_keys=ON, a 5 s busy
 * timeout); each order is, with statements prepared once per connection:
 *   BEGIN IMMEDIATE;
 *   SELECT title, image FROM product WHERE id = ?          -- the product exists (else the server answers 422)
 *   SELECT max(ordered_at) FROM orders WHERE user_id = ?   -- the new order is the user's latest
 *   INSERT INTO orders (id, status, ordered_at, user_id) VALUES (?, 'placed', ?, ?)   -- a random v4 UUID id
 *   INSERT INTO line_item (order_id, line, product_id, quantity) VALUES (?, 0, ?, 1)
 *   COMMIT;
 * for a user drawn at random from USERS_FILE (Sources/BuiltInPlugins/OrderPlugin+Routes.swift makes the same
 * statements; the server also looks the token up, which this program does not). The latency of each transaction is kept; p99 is over all threads.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *path;
static double seconds;
static char **users;
static size_t user_count;

typedef struct {
  unsigned seed;
  double *latencies;
  size_t count, capacity;
} worker;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void check(sqlite3 *db, int rc, const char *what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
    fprintf(stderr, "order_anchor: %s: %s\n", what, sqlite3_errmsg(db));
    exit(1);
  }
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql) {
  sqlite3_stmt *statement;
  check(db, sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, NULL), sql);
  return statement;
}

static void run(sqlite3 *db, sqlite3_stmt *statement, const char *what) {
  int rc = sqlite3_step(statement);
  check(db, rc, what);
  sqlite3_reset(statement);
}

static void *work(void *argument) {
  worker *self = argument;
  sqlite3 *db;
  check(NULL, sqlite3_open(path, &db), path);
  sqlite3_busy_timeout(db, 5000);
  check(db, sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON", 0, 0, 0),
        "pragmas");
  sqlite3_stmt *begin = prepare(db, "BEGIN IMMEDIATE");
  sqlite3_stmt *product = prepare(db, "SELECT title, image FROM product WHERE id = ?1");
  sqlite3_stmt *latest = prepare(db, "SELECT max(ordered_at) FROM orders WHERE user_id = ?1");
  sqlite3_stmt *order = prepare(db, "INSERT INTO orders (id, status, ordered_at, user_id) VALUES (?1, 'placed', ?2, ?3)");
  sqlite3_stmt *line = prepare(db, "INSERT INTO line_item (order_id, line, product_id, quantity) VALUES (?1, 0, ?2, 1)");
  sqlite3_stmt *commit = prepare(db, "COMMIT");
  double end = now() + seconds;
  char id[37];
  while (now() < end) {
    double start = now();
    uint64_t a = ((uint64_t)rand_r(&self->seed) << 32) ^ (uint64_t)rand_r(&self->seed) ^ (uint64_t)start;
    uint64_t b = ((uint64_t)rand_r(&self->seed) << 32) ^ (uint64_t)rand_r(&self->seed);
    snprintf(id, sizeof id, "%08x-%04x-4%03x-%04x-%012llx", (unsigned)(a >> 32), (unsigned)(a >> 16) & 0xffff,
             (unsigned)a & 0xfff, 0x8000 | ((unsigned)(b >> 48) & 0x3fff), (unsigned long long)(b & 0xffffffffffffULL));
    const char *user = users[(size_t)rand_r(&self->seed) % user_count];
    run(db, begin, "BEGIN IMMEDIATE");
    sqlite3_bind_text(product, 1, "arrival-tshirt", -1, SQLITE_STATIC);
    if (sqlite3_step(product) != SQLITE_ROW) { fprintf(stderr, "order_anchor: no product arrival-tshirt\n"); exit(1); }
    sqlite3_reset(product);
    sqlite3_bind_text(latest, 1, user, -1, SQLITE_STATIC);
    check(db, sqlite3_step(latest), "SELECT max(ordered_at)");
    sqlite3_int64 after = sqlite3_column_type(latest, 0) == SQLITE_NULL ? 0 : sqlite3_column_int64(latest, 0) + 1;
    sqlite3_reset(latest);
    sqlite3_int64 millis = (sqlite3_int64)(time(NULL)) * 1000;
    sqlite3_bind_text(order, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_int64(order, 2, millis > after ? millis : after);
    sqlite3_bind_text(order, 3, user, -1, SQLITE_STATIC);
    run(db, order, "INSERT INTO orders");
    sqlite3_bind_text(line, 1, id, -1, SQLITE_STATIC);
    sqlite3_bind_text(line, 2, "arrival-tshirt", -1, SQLITE_STATIC);
    run(db, line, "INSERT INTO line_item");
    run(db, commit, "COMMIT");
    if (self->count == self->capacity) {
      self->capacity = self->capacity ? self->capacity * 2 : 4096;
      self->latencies = realloc(self->latencies, self->capacity * sizeof(double));
    }
    self->latencies[self->count++] = now() - start;
  }
  sqlite3_stmt *all[] = {begin, product, latest, order, line, commit};
  for (size_t i = 0; i < 6; i++) sqlite3_finalize(all[i]);
  sqlite3_close(db);
  return NULL;
}

static int compare(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  if (argc != 5) { fprintf(stderr, "usage: order_anchor DB THREADS SECONDS USERS_FILE\n"); return 64; }
  path = argv[1];
  int threads = atoi(argv[2]);
  seconds = atof(argv[3]);
  FILE *file = fopen(argv[4], "r");
  if (!file) { perror(argv[4]); return 66; }
  char line[1100];
  size_t capacity = 0;
  while (fgets(line, sizeof line, file)) {
    line[strcspn(line, "\n")] = 0;
    if (user_count == capacity) users = realloc(users, (capacity = capacity ? capacity * 2 : 1024) * sizeof(char *));
    users[user_count++] = strdup(line);
  }
  fclose(file);
  if (user_count == 0) { fprintf(stderr, "order_anchor: no users in %s\n", argv[4]); return 65; }
  pthread_t *ids = calloc(threads, sizeof(pthread_t));
  worker *workers = calloc(threads, sizeof(worker));
  double start = now();
  for (int i = 0; i < threads; i++) {
    workers[i].seed = 7919u * (i + 1);
    pthread_create(&ids[i], NULL, work, &workers[i]);
  }
  size_t total = 0;
  for (int i = 0; i < threads; i++) { pthread_join(ids[i], NULL); total += workers[i].count; }
  double elapsed = now() - start;
  double *all = malloc(total * sizeof(double));
  size_t n = 0;
  for (int i = 0; i < threads; i++) {
    memcpy(all + n, workers[i].latencies, workers[i].count * sizeof(double));
    n += workers[i].count;
  }
  qsort(all, total, sizeof(double), compare);
  printf("%.1f %.3f\n", total / elapsed, all[(size_t)(0.99 * (total - 1))] * 1000);
  return 0;
}
