import Foundation
import StackfeedTestSupport
import Testing

/// `serve` under a low file descriptor limit (`ulimit -n`, set by the shell that runs it): it fits its
/// connection limit and says so in one line, or refuses to start when not one connection fits.
@Suite(
  "serve: the file descriptor limit",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct DescriptorLimitServeTests {
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
}
