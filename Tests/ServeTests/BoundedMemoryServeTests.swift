import Foundation
import StackfeedTestSupport
import Testing

/// Thousands of distinct values from anonymous requests leave the server's memory where it was: each is refused
/// or answered, and nothing is kept per value (issue 32: each spelling of a zone name once kept a zone, 2,000 of
/// them about 9 MiB). The maps themselves are checked in process by `FeedServerTests.BoundedMapsTests`.
@Suite(
  "serve: memory bounded under distinct request values",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct BoundedMemoryServeTests {
  /// The resident set of process `pid`, in KiB (`VmRSS` of `/proc/PID/status`).
  private func residentKiB(_ pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
    return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
  }

  @Test("2,000 spellings of a zone name and 2,000 unknown zones grow the resident set by less than 2 MiB")
  func zoneSpellings() throws {
    let server = try ServerProcess()
    try server.seed()
    try server.start(["--db", server.database, "--quiet", "--threads", "1"])
    let pid = try #require(server.processIdentifier)
    // Warm: the zone itself, the page, the answer memo's entry, malloc's arenas.
    for _ in 0..<200 {
      #expect(try server.get("/v1/feed?limit=1&time_zone=Europe/Paris").status == 200)
      #expect(try server.get("/v1/feed?limit=1&time_zone=Mars/Nowhere").status == 400)
    }
    let before = try residentKiB(pid)
    for index in 0..<2000 {
      let respelled =
        String(repeating: "./", count: index % 40 + 1) + "Europe/" + String(repeating: "./", count: index / 40)
        + "Paris"
      #expect(try server.get("/v1/feed?limit=1&time_zone=\(respelled)").status == 400)
      #expect(try server.get("/v1/feed?limit=1&time_zone=Mars/Crater\(index)").status == 400)
    }
    let after = try residentKiB(pid)
    #expect(after - before < 2048, "RSS \(before) KiB -> \(after) KiB")
  }
}
