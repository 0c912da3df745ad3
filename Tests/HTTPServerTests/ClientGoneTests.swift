import Foundation
import HTTPServer
import StackfeedTestSupport
import Synchronization
import Testing

/// A client that goes away while its answer is being made, with the server in process: the handler waits until
/// the client has reset its connection, so the order of events is fixed, not left to timing.
@Suite(
  "HTTPServer: a client gone while its answer is made",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct ClientGoneTests {
  /// Larger than any socket buffer the kernel gives a connection: with nobody reading, it cannot all be sent.
  static let largeBody = [UInt8](repeating: UInt8(ascii: "a"), count: 16 << 20)

  @Test(
    "the exchange is reported as not completed, and the server answers the next request",
    arguments: [0, 1, 2])  // threads: 0 = a thread per connection, else a pool of epoll workers
  func resetWhileTheAnswerIsMade(threads: Int) throws {
    let entered = DispatchSemaphore(value: 0)
    let resetDone = DispatchSemaphore(value: 0)
    let ended = DispatchSemaphore(value: 0)
    let finished = Mutex<[HTTPExchange]>([])
    let answer: @Sendable (HTTPRequest) -> HTTPResponse = { request in
      guard request.path == "/large" else {
        return HTTPResponse(status: 200, headers: [HTTPField("Content-Type", "text/plain")], body: Array("ok".utf8))
      }
      entered.signal()
      resetDone.wait()
      return HTTPResponse(status: 200, headers: [HTTPField("Content-Type", "text/plain")], body: Self.largeBody)
    }
    let server = try HTTPServer(
      .init(host: "127.0.0.1", port: 0, threads: threads),
      onFinish: { exchange in
        finished.withLock { $0.append(exchange) }
        ended.signal()
      }, handler: answer)
    defer { server.stop() }

    let descriptor = try HTTPClient.connect(port: server.port)
    try HTTPClient.send(Array("GET /large HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: descriptor)
    entered.wait()
    HTTPClient.reset(descriptor)
    resetDone.signal()
    ended.wait()

    let exchange = try #require(finished.withLock { $0.first })
    #expect(exchange.method == "GET" && exchange.path == "/large" && exchange.status == 200)
    #expect(!exchange.completed, "the answer cannot have been sent whole: nobody read it")
    let reply = try HTTPClient.request(port: server.port, target: "/small")
    #expect(reply.status == 200 && reply.text == "ok")
  }
}
