import Foundation
import HTTPServer
import StackfeedTestSupport
import Synchronization
import Testing

/// Connections opened at once are spread over the worker threads: the server accepts them itself and hands them
/// to libmicrohttpd's workers in turn, so one busy connection on each worker keeps every worker busy. Accepted by
/// libmicrohttpd's own workers, a burst of connections often all went to the worker that woke first, and its
/// requests ran one after another while the other worker idled (docs/BENCHMARKS.md, "Images").
@Suite(
  "HTTPServer: connections opened at once go to every worker",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct WorkerSpreadTests {
  @Test func requestsOnConnectionsOpenedAtOnceRunTogether() throws {
    // Each request waits, up to 5 s, for another to be in the handler at the same time: only two workers can
    // have two requests in at once, a worker taking one request at a time.
    let inside = Mutex((count: 0, met: false))
    let meeting = DispatchSemaphore(value: 0)
    let server = try HTTPServer(.init(host: "127.0.0.1", port: 0, threads: 2)) { _ in
      let metNow = inside.withLock { inside in
        inside.count += 1
        if inside.count >= 2 { inside.met = true }
        return inside.met
      }
      if metNow {
        for _ in 0..<4 { meeting.signal() }
      }
      let met = metNow || meeting.wait(timeout: .now() + 5) == .success
      inside.withLock { $0.count -= 1 }
      return HTTPResponse(
        status: 200, headers: [HTTPField("Content-Type", "text/plain")], body: Array((met ? "together" : "alone").utf8))
    }
    defer { server.stop() }
    let clients = try (0..<4).map { _ in try HTTPClient.connect(port: server.port) }
    defer {
      for client in clients { close(client) }
    }
    for client in clients {
      try HTTPClient.send(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: client)
    }
    let answers = try clients.map { try HTTPClient.readAnswer($0).text }
    #expect(answers.contains("together"), "\(answers)")
  }
}
