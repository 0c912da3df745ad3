import Foundation
import StackfeedTestSupport
import Testing

/// `serve`'s connection limit: `--max-connections`, past which a client waits, and the file descriptor limit
/// (`ulimit -n`, set by the shell that runs it), to which it fits the connection limit, saying so in one line, or
/// refuses to start when not one connection fits.
@Suite(
  "serve: the connection and file descriptor limits",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct ConnectionLimitServeTests {
  @Test("under ulimit -n 64 it serves fewer connections, saying so on stderr", arguments: ["0", "2"])
  func lowered(threads: String) throws {
    let server = try ServerProcess()
    server.shellBeforeServe = "ulimit -n 64"
    try server.seed()
    try server.start(["--db", server.database, "--threads", threads])
    let line = try #require(server.log.split(separator: "\n").first { $0.contains("file descriptor limit") })
    #expect(
      line.contains("stackfeed: the file descriptor limit (ulimit -n) is 64: serving at most ")
        && line.contains(" connections at once, not 1024"), "\(line)")
    #expect(try server.get("/v1/feed").status == 200)
  }

  @Test("under ulimit -n 12 it does not start: exit 74 and one sentence")
  func tooLow() throws {
    let server = try ServerProcess()
    server.shellBeforeServe = "ulimit -n 12"
    try server.seed()
    #expect(throws: ServerError.self) { try server.start(["--db", server.database]) }
    #expect(server.exitCode() == 74)
    #expect(
      server.log.contains("stackfeed: the file descriptor limit (ulimit -n) is 12: too low to serve"), "\(server.log)")
  }

  @Test("under the usual limits it says nothing about them")
  func quietWhenItFits() throws {
    let server = try ServerProcess()
    try server.seed()
    try server.start(["--db", server.database])
    #expect(!server.log.contains("file descriptor limit"))
  }

  @Test(
    "--max-connections 1: the first answer closes its connection, and a second client waiting is answered",
    arguments: ["0", "2"])
  func secondClientWaits(threads: String) throws {
    let server = try ServerProcess()
    try server.seed()
    try server.start(["--db", server.database, "--threads", threads, "--max-connections", "1"])
    let first = try HTTPClient.connect(port: server.port)
    try HTTPClient.send(Array("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: first)
    let answer = try HTTPClient.readAnswer(first)
    #expect(answer.status == 200 && answer.header("Connection") == "close", "at the limit: the connection closes")
    let second = try HTTPClient.connect(port: server.port)
    try HTTPClient.send(Array("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), to: second)
    close(first)
    #expect(try HTTPClient.parse(HTTPClient.readToEnd(second)).status == 200)
    close(second)
  }
}
