import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// At its connection limit the server makes a new client wait, connected, in the listen backlog until a
/// connection closes, in both threading modes; it never accepts and closes it (what libmicrohttpd 0.9.75 does
/// by itself with a thread per connection).
@Suite(
  "HTTPServer: a client past the connection limit waits",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct ConnectionLimitTests {
  @Test("the client past the limit is answered once a connection closes", arguments: [0, 2])
  func waitsForAFreeConnection(threads: Int) throws {
    var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, threads: threads)
    configuration.connectionLimit = 2
    let server = try HTTPServer(configuration) { _ in
      HTTPResponse(status: 200, headers: [HTTPField("Content-Type", "text/plain")], body: Array("ok".utf8))
    }
    defer { server.stop() }
    // Two kept-alive connections, each answered once: the server holds both (with 2 worker threads, one each).
    let held = try (0..<2).map { _ in
      let descriptor = try HTTPClient.connect(port: server.port)
      try HTTPClient.send(Array("GET /held HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: descriptor)
      #expect(try HTTPClient.readAnswer(descriptor).text == "ok")
      return descriptor
    }
    // A third client connects (the kernel completes the handshake) and sends its request before a slot is free.
    let waiting = try HTTPClient.connect(port: server.port)
    try HTTPClient.send(Array("GET /waiting HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), to: waiting)
    close(held[0])
    let reply = try HTTPClient.parse(HTTPClient.readToEnd(waiting))
    close(waiting)
    close(held[1])
    #expect(reply.status == 200 && reply.text == "ok")
  }
}
