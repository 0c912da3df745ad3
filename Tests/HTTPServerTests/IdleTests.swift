import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// When its last open connection closes, the server calls `onIdle` (where `stackfeed serve` frees its store's
/// idle page caches) before it gives malloc's freed memory back.
@Suite(
  "HTTPServer: onIdle when the last connection closes",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct IdleTests {
  @Test("onIdle runs once the only client has gone, in both threading modes", arguments: [0, 2])
  func onIdleRunsWhenTheLastConnectionCloses(threads: Int) throws {
    let idle = DispatchSemaphore(value: 0)
    let server = try HTTPServer(
      .init(host: "127.0.0.1", port: 0, threads: threads), onIdle: { idle.signal() },
      handler: { _ in
        HTTPResponse(status: 200, headers: [HTTPField("Content-Type", "text/plain")], body: Array("ok".utf8))
      })
    defer { server.stop() }
    let held = try HTTPClient.connect(port: server.port)
    try HTTPClient.send(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: held)
    #expect(try HTTPClient.readAnswer(held).status == 200)
    #expect(idle.wait(timeout: .now()) == .timedOut, "a connection is still open")
    close(held)
    #expect(idle.wait(timeout: .now() + 30) == .success, "the last connection closed")
  }
}
