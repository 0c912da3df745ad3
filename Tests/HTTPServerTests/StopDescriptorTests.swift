import Foundation
import HTTPServer
import StackfeedTestSupport
import Synchronization
import Testing

/// `stop()` writes to no descriptor it has closed. With a thread per connection libmicrohttpd notifies each
/// connection it closes while the daemon stops, after the acceptor has stopped; the acceptor's wake-up pipe was
/// closed by then, so the notification's byte went to whatever descriptor had taken the pipe's number since. In
/// the tests that was another server's connection, whose client read a `0x01` before a chunk's size (the "lost
/// resume" of ``EventStreamTests``); in `serve` it could have been any file opened while the server stopped.
@Suite(
  "HTTPServer: stop() writes to no descriptor it closed",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct StopDescriptorTests {
  @Test("descriptors opened while stop() ends a request (the lowest free numbers) get no byte from the server")
  func noByteToAReusedDescriptor() throws {
    let headRead = DispatchSemaphore(value: 0)
    let pipes = Pipes()
    var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0, threads: 0)
    configuration.admit = { _ in
      headRead.signal()
      return .read
    }
    // libmicrohttpd ends the unfinished request (onFinish, on its connection's thread) before it notifies the
    // connection's close: the pipes opened here take the lowest free numbers, those the server closed so far.
    let server = try HTTPServer(
      configuration, onFinish: { exchange in if !exchange.completed { pipes.open(32) } },
      handler: { _ in HTTPResponse(status: 204) })
    let client = try HTTPClient.connect(port: server.port)
    defer { close(client) }
    // A body that never comes whole: the request is in flight when the server stops.
    try HTTPClient.send(Array("POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc".utf8), to: client)
    #expect(headRead.wait(timeout: .now() + 10) == .success)
    server.stop(grace: .zero)
    #expect(pipes.count == 32, "the stop ended the request in flight")
    #expect(pipes.bytesWaiting() == 0, "a byte written by the server to a number it had closed")
  }

  /// Pipes opened at once; their read ends are polled for anything written to the write ends.
  final class Pipes: Sendable {
    private let ends = Mutex<[(read: Int32, write: Int32)]>([])

    deinit {
      for end in ends.withLock({ $0 }) {
        close(end.read)
        close(end.write)
      }
    }

    /// Opens `count` pipes (non-blocking).
    func open(_ count: Int) {
      ends.withLock { ends in
        for _ in 0..<count {
          var pair: [Int32] = [-1, -1]
          guard pipe(&pair) == 0 else { return }
          for end in pair { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
          ends.append((pair[0], pair[1]))
        }
      }
    }

    /// The pipes open.
    var count: Int { ends.withLock { $0.count } }

    /// The bytes waiting in the pipes, read.
    func bytesWaiting() -> Int {
      ends.withLock { ends in
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 64)
        for end in ends {
          while case let count = read(end.read, &buffer, buffer.count), count > 0 { total += count }
        }
        return total
      }
    }
  }
}
