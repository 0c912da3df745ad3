import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// At its connection limit the server makes a new client wait, connected, in the listen backlog until a
/// connection closes, in both threading modes; it never accepts and closes it (what libmicrohttpd 0.9.75 does
/// by itself with a thread per connection). At the limit its answers close their connections, so that kept-alive
/// clients cannot hold every slot while others wait.
@Suite(
  "HTTPServer: a client past the connection limit waits",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct ConnectionLimitTests {
  @Test("the client past the limit is answered once a connection closes", arguments: [0, 2])
  func waitsForAFreeConnection(threads: Int) throws {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, threads: threads)
    configuration.connectionLimit = 2
    let server = try HTTPServer(configuration) { request in
      if request.path == "/slow" {
        entered.signal()
        release.wait()
      }
      return HTTPResponse(status: 200, headers: [HTTPField("Content-Type", "text/plain")], body: Array("ok".utf8))
    }
    defer { server.stop() }
    // The server holds two connections (with 2 worker threads, one each): one kept alive after its answer, one
    // whose request is being answered.
    let idle = try HTTPClient.connect(port: server.port)
    try HTTPClient.send(Array("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: idle)
    let first = try HTTPClient.readAnswer(idle)
    #expect(first.text == "ok" && first.header("Connection") == nil, "under the limit, kept alive")
    let busy = try HTTPClient.connect(port: server.port)
    try HTTPClient.send(Array("GET /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), to: busy)
    entered.wait()
    // A third client connects (the kernel completes the handshake) and sends its request while both are held.
    let waiting = try HTTPClient.connect(port: server.port)
    try HTTPClient.send(Array("GET /waiting HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), to: waiting)
    close(idle)
    let reply = try HTTPClient.parse(HTTPClient.readToEnd(waiting))
    close(waiting)
    release.signal()
    #expect(try HTTPClient.parse(HTTPClient.readToEnd(busy)).status == 200)
    close(busy)
    #expect(reply.status == 200 && reply.text == "ok")
  }

  @Test("at the limit an answer closes its connection", arguments: [0, 2])
  func answersAtTheLimitClose(threads: Int) throws {
    var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, threads: threads)
    configuration.connectionLimit = 1
    let server = try HTTPServer(configuration) { _ in
      HTTPResponse(status: 200, headers: [HTTPField("Content-Type", "text/plain")], body: Array("ok".utf8))
    }
    defer { server.stop() }
    let descriptor = try HTTPClient.connect(port: server.port)
    defer { close(descriptor) }
    try HTTPClient.send(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: descriptor)
    // Read to the end: it comes only because the server closes the kept-alive connection after the answer.
    let reply = try HTTPClient.parse(HTTPClient.readToEnd(descriptor))
    #expect(reply.status == 200 && reply.header("Connection") == "close")
  }
}
