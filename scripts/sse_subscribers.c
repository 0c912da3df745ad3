/*
 * sse_subscribers.c - many server-sent event subscribers and the writes they wait for, on one clock
 * (scripts/bench-events.sh; docs/BENCHMARKS.md, "Live changes vs nchan").
 *
 * Build:  cc -O2 -std=c11 -Wall -o sse_subscribers scripts/sse_subscribers.c
 * Run:    sse_subscribers --port P --streams FILE --events-out FILE [--writes FILE --writes-out FILE --rate R]
 *                         [--write-header 'Name: value' ...] [--write-connections K] [--capture FILE]
 *                         [--connecting N] [--timeout SECONDS]
 *
 * One thread and one epoll loop. It opens one HTTP/1.1 GET to 127.0.0.1:P per line of the streams file
 * ("PATH" or "PATH<tab>AUTHORIZATION"), at most N connects under way at once (default 256, so the listen backlog
 * does not overflow), and reads each stream as it arrives: the status, the head, the chunked or plain body, the
 * event-stream lines. An event (a blank line after at least one data line) is recorded with its stream, event
 * type, id and CLOCK_MONOTONIC arrival time; comments and a data-less retry are not events. Once every stream's
 * head arrived (status 200), it prints "connected STREAMS MILLISECONDS" and waits for a line on stdin, so the
 * caller can read the servers' memory with every subscriber idle.
 *
 * Then it makes the writes, one a line of the writes file ("STREAM<tab>METHOD<tab>PATH<tab>BODY": STREAM is the
 * stream index the write's event is meant for, -1 for all), the i-th due at i / R seconds (R = 0: all at once),
 * over K keep-alive connections (default 8) with the --write-header lines added; each write's status and the
 * times it was sent and its answer arrived are recorded. It stops once every stream has as many events as writes
 * were meant for it, or TIMEOUT seconds (default 20) after the last answer, or when a stream ends early.
 *
 * Out: the events file, "STREAM TYPE ID NANOSECONDS" a line; the writes file, "STREAM STATUS SENT_NS ANSWERED_NS"
 * a line; the capture file, the first event's data bytes (what nchan is then handed). On stdout a summary line:
 * "done EVENTS WRITES ENDED_STREAMS FAILED_STREAMS". Exit 0 unless it could not run (then 1, saying why).
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static void die(const char *format, ...) {
    va_list args;
    va_start(args, format);
    fputs("sse_subscribers: ", stderr);
    vfprintf(stderr, format, args);
    fputc('\n', stderr);
    va_end(args);
    exit(1);
}

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

/* A growable byte buffer. */
typedef struct {
    char *bytes;
    size_t count, capacity;
} Buffer;

static void append(Buffer *buffer, const char *bytes, size_t count) {
    if (buffer->count + count + 1 > buffer->capacity) {
        buffer->capacity = (buffer->count + count + 1) * 2;
        buffer->bytes = realloc(buffer->bytes, buffer->capacity);
        if (!buffer->bytes) die("out of memory");
    }
    memcpy(buffer->bytes + buffer->count, bytes, count);
    buffer->count += count;
    buffer->bytes[buffer->count] = 0;
}

static void consume(Buffer *buffer, size_t count) {
    memmove(buffer->bytes, buffer->bytes + count, buffer->count - count);
    buffer->count -= count;
    if (buffer->bytes) buffer->bytes[buffer->count] = 0;
}

/* One HTTP connection: a subscriber's stream, or a connection the writes go over. */
enum Phase { CONNECTING, HEAD, BODY, CLOSED };
enum Chunk { CHUNK_SIZE, CHUNK_DATA, CHUNK_END, CHUNK_LAST };
typedef struct {
    int fd, index, is_writer;
    enum Phase phase;
    Buffer out, in;      /* bytes to send; bytes received and not yet parsed */
    size_t sent;
    int status, chunked, closing; /* closing: the answer said "Connection: close" */
    long content_length; /* a writer's answer body: bytes left to read */
    enum Chunk chunk;
    long chunk_left;
    Buffer line;          /* the event-stream line being read */
    Buffer event_type, event_id, event_data;
    int has_data;
    long events;          /* events received (a stream) */
    long write;           /* the write in flight (a writer), else -1 */
} Connection;

typedef struct {
    int stream;
    char type[16];
    char id[48];
    int64_t at;
} Event;

typedef struct {
    int stream;
    char *request;
    size_t request_size;
    int status;
    int64_t sent, answered;
} Write;

static int epoll_fd, port;
static Connection *streams;
static int stream_count, connected_streams, failed_streams, ended_streams;
static Connection *writers;
static int writer_count = 8;
static Write *writes;
static long write_count, next_write, answered_writes;
static long *expected; /* events each stream waits for */
static int waiting_streams; /* open streams with fewer events than expected */
static Event *events;
static long event_count, event_capacity;
static const char *capture_path;
static int captured;

static void watch(Connection *connection, uint32_t what, int op) {
    struct epoll_event event = {.events = what, .data.ptr = connection};
    if (epoll_ctl(epoll_fd, op, connection->fd, &event) != 0) die("epoll_ctl: %s", strerror(errno));
}

static void open_connection(Connection *connection) {
    connection->fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (connection->fd < 0) die("socket: %s (ulimit -n?)", strerror(errno));
    int one = 1;
    setsockopt(connection->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons(port)};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(connection->fd, (struct sockaddr *)&address, sizeof address) != 0 && errno != EINPROGRESS)
        die("connect to port %d: %s", port, strerror(errno));
    connection->phase = CONNECTING;
    watch(connection, EPOLLOUT | EPOLLIN, EPOLL_CTL_ADD);
}

static void close_connection(Connection *connection) {
    if (connection->phase == CLOSED) return;
    if (!connection->is_writer && connection->events < expected[connection->index]) waiting_streams--;
    epoll_ctl(epoll_fd, EPOLL_CTL_DEL, connection->fd, NULL);
    close(connection->fd);
    connection->phase = CLOSED;
}

/* Sends what is queued; watches for writability while some is left. */
static void flush(Connection *connection) {
    while (connection->sent < connection->out.count) {
        ssize_t n = send(connection->fd, connection->out.bytes + connection->sent,
                         connection->out.count - connection->sent, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EAGAIN) break;
            die("send: %s", strerror(errno));
        }
        connection->sent += n;
    }
    int done = connection->sent == connection->out.count;
    if (done) {
        connection->out.count = 0;
        connection->sent = 0;
    }
    watch(connection, done ? EPOLLIN : EPOLLIN | EPOLLOUT, EPOLL_CTL_MOD);
}

static void record_event(Connection *stream) {
    if (event_count == event_capacity) {
        event_capacity = event_capacity ? event_capacity * 2 : 65536;
        events = realloc(events, event_capacity * sizeof *events);
        if (!events) die("out of memory");
    }
    Event *event = &events[event_count++];
    event->stream = stream->index;
    event->at = now_ns();
    snprintf(event->type, sizeof event->type, "%s", stream->event_type.count ? stream->event_type.bytes : "message");
    snprintf(event->id, sizeof event->id, "%s", stream->event_id.count ? stream->event_id.bytes : "-");
    if (++stream->events == expected[stream->index]) waiting_streams--;
    if (capture_path && !captured) {
        FILE *file = fopen(capture_path, "w");
        if (!file) die("%s: %s", capture_path, strerror(errno));
        fwrite(stream->event_data.bytes, 1, stream->event_data.count, file);
        fclose(file);
        captured = 1;
    }
}

/* One line of the event stream (without its end of line). */
static void event_line(Connection *stream, const char *line, size_t count) {
    if (count == 0) {
        if (stream->has_data) record_event(stream);
        stream->event_type.count = stream->event_data.count = stream->event_id.count = 0;
        stream->has_data = 0;
        return;
    }
    if (line[0] == ':') return;
    const char *colon = memchr(line, ':', count);
    size_t name = colon ? (size_t)(colon - line) : count;
    const char *value = colon ? colon + 1 : line + count;
    if (value < line + count && *value == ' ') value++;
    size_t value_count = line + count - value;
    if (name == 4 && memcmp(line, "data", 4) == 0) {
        if (stream->has_data) append(&stream->event_data, "\n", 1);
        append(&stream->event_data, value, value_count);
        stream->has_data = 1;
    } else if (name == 5 && memcmp(line, "event", 5) == 0) {
        stream->event_type.count = 0;
        append(&stream->event_type, value, value_count);
    } else if (name == 2 && memcmp(line, "id", 2) == 0) {
        stream->event_id.count = 0;
        append(&stream->event_id, value, value_count);
    }
}

/* Body bytes of a stream, chunked framing removed. */
static void stream_bytes(Connection *stream, const char *bytes, size_t count) {
    for (size_t start = 0, i = 0; i <= count; i++) {
        if (i == count) {
            append(&stream->line, bytes + start, count - start);
            break;
        }
        if (bytes[i] != '\n') continue;
        append(&stream->line, bytes + start, i - start);
        size_t length = stream->line.count;
        if (length && stream->line.bytes[length - 1] == '\r') length--;
        event_line(stream, stream->line.bytes, length);
        stream->line.count = 0;
        start = i + 1;
    }
}

/* Parses the status line and the head once whole; true when it is. */
static int read_head(Connection *connection) {
    char *end = strstr(connection->in.bytes ? connection->in.bytes : "", "\r\n\r\n");
    if (!end) return 0;
    if (sscanf(connection->in.bytes, "HTTP/1.%*d %d", &connection->status) != 1) die("not an HTTP answer");
    *end = 0;
    connection->chunked = strcasestr(connection->in.bytes, "\r\ntransfer-encoding: chunked") != NULL;
    connection->closing = strcasestr(connection->in.bytes, "\r\nconnection: close") != NULL;
    const char *length = strcasestr(connection->in.bytes, "\r\ncontent-length:");
    connection->content_length = length ? atol(length + 17) : (connection->chunked ? -1 : 0);
    consume(&connection->in, end + 4 - connection->in.bytes);
    connection->chunk = CHUNK_SIZE;
    connection->phase = BODY;
    return 1;
}

static void send_next_write(Connection *writer);

/* A writer's answer: its head, then its body (by Content-Length, or chunks up to the last). */
static void writer_input(Connection *writer) {
    if (writer->phase == HEAD && !read_head(writer)) return;
    if (writer->phase != BODY) return;
    if (writer->chunked) {
        char *last = strstr(writer->in.bytes ? writer->in.bytes : "", "\r\n0\r\n\r\n");
        if (!last && !(writer->in.count >= 5 && memcmp(writer->in.bytes, "0\r\n\r\n", 5) == 0)) return;
        writer->in.count = 0;
    } else {
        if ((long)writer->in.count < writer->content_length) return;
        consume(&writer->in, writer->content_length);
    }
    Write *write = &writes[writer->write];
    write->status = writer->status;
    write->answered = now_ns();
    answered_writes++;
    writer->write = -1;
    writer->phase = HEAD;
    if (writer->closing) { /* the server ends this connection: the next writes go over a new one */
        close_connection(writer);
        writer->in.count = 0;
        open_connection(writer);
        return;
    }
    send_next_write(writer);
}

/* A stream's input: the head, then the body through the chunk framing. */
static void stream_input(Connection *stream) {
    if (stream->phase == HEAD) {
        if (!read_head(stream)) return;
        if (stream->status != 200) {
            fprintf(stderr, "sse_subscribers: stream %d answered %d\n", stream->index, stream->status);
            failed_streams++;
            close_connection(stream);
            return;
        }
        connected_streams++;
    }
    if (!stream->chunked) {
        stream_bytes(stream, stream->in.bytes, stream->in.count);
        stream->in.count = 0;
        return;
    }
    size_t at = 0;
    while (at < stream->in.count) {
        if (stream->chunk == CHUNK_SIZE) {
            char *end = memchr(stream->in.bytes + at, '\n', stream->in.count - at);
            if (!end) break;
            stream->chunk_left = strtol(stream->in.bytes + at, NULL, 16);
            at = end + 1 - stream->in.bytes;
            stream->chunk = stream->chunk_left ? CHUNK_DATA : CHUNK_LAST;
        } else if (stream->chunk == CHUNK_DATA) {
            size_t count = stream->in.count - at;
            if ((long)count > stream->chunk_left) count = stream->chunk_left;
            stream_bytes(stream, stream->in.bytes + at, count);
            at += count;
            stream->chunk_left -= count;
            if (!stream->chunk_left) stream->chunk = CHUNK_END;
        } else if (stream->chunk == CHUNK_END) {
            char *end = memchr(stream->in.bytes + at, '\n', stream->in.count - at);
            if (!end) break;
            at = end + 1 - stream->in.bytes;
            stream->chunk = CHUNK_SIZE;
        } else {
            at = stream->in.count;
        }
    }
    consume(&stream->in, at);
}

static char read_buffer[1 << 16];

/* Reads what arrived; false when the peer closed. */
static int receive(Connection *connection) {
    for (;;) {
        ssize_t n = recv(connection->fd, read_buffer, sizeof read_buffer, 0);
        if (n > 0) {
            append(&connection->in, read_buffer, n);
            continue;
        }
        if (n < 0 && errno == EAGAIN) return 1;
        return 0;
    }
}

static char **stream_requests;
static int opened_streams, connecting_limit = 256;

static void open_more_streams(void) {
    while (opened_streams < stream_count && opened_streams - connected_streams - failed_streams < connecting_limit) {
        Connection *stream = &streams[opened_streams++];
        open_connection(stream);
        append(&stream->out, stream_requests[stream->index], strlen(stream_requests[stream->index]));
    }
}

static void handle(Connection *connection, uint32_t what) {
    if (connection->phase == CONNECTING) {
        int error = 0;
        socklen_t size = sizeof error;
        getsockopt(connection->fd, SOL_SOCKET, SO_ERROR, &error, &size);
        if (error) die("connect to port %d: %s", port, strerror(error));
        connection->phase = HEAD;
        flush(connection);
        return;
    }
    if (what & EPOLLOUT) flush(connection);
    if (!(what & (EPOLLIN | EPOLLHUP | EPOLLERR))) return;
    int open = receive(connection);
    if (connection->is_writer) {
        writer_input(connection);
        if (!open && connection->phase != CONNECTING) die("a write connection closed (write %ld)", connection->write);
        return;
    }
    stream_input(connection);
    if (!open && connection->phase != CLOSED) {
        ended_streams++;
        close_connection(connection);
    }
}

static double rate;
static int64_t writes_started;

static void send_next_write(Connection *writer) {
    if (next_write >= write_count) return;
    if (rate > 0 && now_ns() < writes_started + (int64_t)(next_write * 1e9 / rate)) return;
    Write *write = &writes[next_write];
    writer->write = next_write++;
    write->sent = now_ns();
    append(&writer->out, write->request, write->request_size);
    flush(writer);
}

static char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "r");
    if (!file) die("%s: %s", path, strerror(errno));
    Buffer buffer = {0};
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, file)) > 0) append(&buffer, chunk, n);
    fclose(file);
    if (size) *size = buffer.count;
    return buffer.bytes ? buffer.bytes : calloc(1, 1);
}

/* Splits text into its lines in place (the last may lack its newline). */
static char **lines_of(char *text, int *count) {
    int capacity = 1024;
    char **lines = malloc(capacity * sizeof *lines);
    *count = 0;
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        if (*count == capacity) lines = realloc(lines, (capacity *= 2) * sizeof *lines);
        lines[(*count)++] = line;
    }
    return lines;
}

static void load_streams(const char *path) {
    int count;
    char **lines = lines_of(read_file(path, NULL), &count);
    stream_count = count;
    streams = calloc(count, sizeof *streams);
    stream_requests = malloc(count * sizeof *stream_requests);
    expected = calloc(count, sizeof *expected);
    for (int i = 0; i < count; i++) {
        char *tab = strchr(lines[i], '\t');
        if (tab) *tab = 0;
        Buffer request = {0};
        char head[512];
        snprintf(head, sizeof head, "GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAccept: text/event-stream\r\n", lines[i],
                 port);
        append(&request, head, strlen(head));
        if (tab) {
            append(&request, "Authorization: ", 15);
            append(&request, tab + 1, strlen(tab + 1));
            append(&request, "\r\n", 2);
        }
        append(&request, "\r\n", 2);
        stream_requests[i] = request.bytes;
        streams[i].index = i;
    }
}

static void load_writes(const char *path, const Buffer *headers) {
    int count;
    char **lines = lines_of(read_file(path, NULL), &count);
    write_count = count;
    writes = calloc(count, sizeof *writes);
    for (int i = 0; i < count; i++) {
        char *fields[4] = {lines[i]};
        for (int f = 1; f < 4; f++) {
            fields[f] = strchr(fields[f - 1], '\t');
            if (!fields[f]) die("%s: line %d: not STREAM<tab>METHOD<tab>PATH<tab>BODY", path, i + 1);
            *fields[f]++ = 0;
        }
        writes[i].stream = atoi(fields[0]);
        if (writes[i].stream >= stream_count) die("%s: line %d: no stream %d", path, i + 1, writes[i].stream);
        for (int s = 0; s < stream_count; s++)
            if ((writes[i].stream < 0 || writes[i].stream == s) && expected[s]++ == 0) waiting_streams++;
        Buffer request = {0};
        char head[1024];
        size_t body = strlen(fields[3]);
        snprintf(head, sizeof head, "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: %zu\r\n", fields[1],
                 fields[2], port, body);
        append(&request, head, strlen(head));
        if (headers->count) append(&request, headers->bytes, headers->count);
        append(&request, "\r\n", 2);
        append(&request, fields[3], body);
        writes[i].request = request.bytes;
        writes[i].request_size = request.count;
    }
}

static void loop_once(int timeout_ms) {
    struct epoll_event ready[1024];
    int n = epoll_wait(epoll_fd, ready, 1024, timeout_ms);
    if (n < 0 && errno != EINTR) die("epoll_wait: %s", strerror(errno));
    for (int i = 0; i < n; i++) handle(ready[i].data.ptr, ready[i].events);
}

int main(int argc, char **argv) {
    const char *streams_path = NULL, *writes_path = NULL, *events_out = NULL, *writes_out = NULL;
    double timeout = 20;
    Buffer headers = {0};
    for (int i = 1; i < argc; i++) {
        const char *option = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!value) die("%s needs a value", option);
        i++;
        if (!strcmp(option, "--port")) port = atoi(value);
        else if (!strcmp(option, "--streams")) streams_path = value;
        else if (!strcmp(option, "--writes")) writes_path = value;
        else if (!strcmp(option, "--events-out")) events_out = value;
        else if (!strcmp(option, "--writes-out")) writes_out = value;
        else if (!strcmp(option, "--capture")) capture_path = value;
        else if (!strcmp(option, "--rate")) rate = atof(value);
        else if (!strcmp(option, "--write-connections")) writer_count = atoi(value);
        else if (!strcmp(option, "--connecting")) connecting_limit = atoi(value);
        else if (!strcmp(option, "--timeout")) timeout = atof(value);
        else if (!strcmp(option, "--write-header")) {
            append(&headers, value, strlen(value));
            append(&headers, "\r\n", 2);
        } else die("unknown option %s (see the comment at the top of scripts/sse_subscribers.c)", option);
    }
    if (!port || !streams_path || !events_out) die("--port, --streams and --events-out are needed");
    if (writes_path && !writes_out) die("--writes needs --writes-out");
    if (writer_count < 1) die("--write-connections must be at least 1");
    epoll_fd = epoll_create1(EPOLL_CLOEXEC);
    load_streams(streams_path);
    if (writes_path) load_writes(writes_path, &headers);

    int64_t started = now_ns();
    while (connected_streams + failed_streams < stream_count) {
        open_more_streams();
        loop_once(1000);
    }
    printf("connected %d %.0f\n", connected_streams, (now_ns() - started) / 1e6);
    fflush(stdout);
    char go[64];
    if (!fgets(go, sizeof go, stdin)) return 0;

    writers = calloc(writer_count, sizeof *writers);
    for (int w = 0; w < writer_count && writes_path; w++) {
        writers[w] = (Connection){.index = w, .is_writer = 1, .write = -1};
        open_connection(&writers[w]);
    }
    int writers_ready = 0;
    while (writes_path && writers_ready < writer_count) {
        loop_once(1000);
        writers_ready = 0;
        for (int w = 0; w < writer_count; w++) writers_ready += writers[w].phase == HEAD;
    }
    writes_started = now_ns();
    int64_t last_answer = writes_started;
    while (answered_writes < write_count || waiting_streams > 0) {
        for (int w = 0; w < writer_count && next_write < write_count; w++)
            if (writers[w].write < 0 && writers[w].phase == HEAD) send_next_write(&writers[w]);
        long before = answered_writes;
        int wait_ms = rate > 0 && next_write < write_count ? 1 : 100;
        loop_once(wait_ms);
        if (answered_writes > before || answered_writes < write_count) last_answer = now_ns();
        if (answered_writes == write_count && now_ns() - last_answer > (int64_t)(timeout * 1e9)) break;
    }

    FILE *file = fopen(events_out, "w");
    if (!file) die("%s: %s", events_out, strerror(errno));
    for (long e = 0; e < event_count; e++)
        fprintf(file, "%d %s %s %lld\n", events[e].stream, events[e].type, events[e].id, (long long)events[e].at);
    fclose(file);
    if (writes_path) {
        file = fopen(writes_out, "w");
        if (!file) die("%s: %s", writes_out, strerror(errno));
        for (long w = 0; w < write_count; w++)
            fprintf(file, "%d %d %lld %lld\n", writes[w].stream, writes[w].status, (long long)writes[w].sent,
                    (long long)writes[w].answered);
        fclose(file);
    }
    printf("done %ld %ld %d %d\n", event_count, answered_writes, ended_streams, failed_streams);
    return 0;
}
