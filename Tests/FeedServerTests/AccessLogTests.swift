import FeedServer
import HTTPServer
import Testing

/// The request log's line, from an exchange value: no server, no socket.
@Suite struct AccessLogTests {
  @Test(
    "one line per exchange: method, path (control characters as ?), status, bytes, milliseconds, a gone client, a server error's note",
    arguments: [
      (
        HTTPExchange(
          method: "GET", path: "/v1/feed", status: 200, bytes: 4381, duration: .microseconds(412), completed: true),
        "GET /v1/feed 200 4381 B 0.412 ms\n"
      ),
      (
        HTTPExchange(
          method: "GET", path: "/v1/render", status: 200, bytes: 0, duration: .microseconds(3020), completed: false),
        "GET /v1/render 200 0 B 3.020 ms (client went away)\n"
      ),
      (
        HTTPExchange(
          method: "HEAD", path: "/a\u{1}b\u{7F}", status: 404, bytes: 0, duration: .seconds(2), completed: true),
        "HEAD /a?b? 404 0 B 2000.000 ms\n"
      ),
      (
        HTTPExchange(method: "GET", path: "/é", status: 0, bytes: 0, duration: .nanoseconds(999), completed: false),
        "GET /é 0 0 B 0.000 ms (client went away)\n"
      ),
      (
        HTTPExchange(
          method: "GET", path: "/v1/feed", status: 500, bytes: 262, duration: .microseconds(390), completed: true,
          note: "urn:stackfeed:request:00ff: no such table\nSELECT 1"),
        "GET /v1/feed 500 262 B 0.390 ms urn:stackfeed:request:00ff: no such table?SELECT 1\n"
      ),
    ])
  func line(exchange: HTTPExchange, expected: String) {
    #expect(AccessLog.line(for: exchange).text == expected)
  }
}
