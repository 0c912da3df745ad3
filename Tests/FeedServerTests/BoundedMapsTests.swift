import CivilTime
import Foundation
import HTTPServer
import SQLCore
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// Every map the server keys by request data has a bound: thousands of distinct values sent, the maps' sizes
/// checked (RSS is too coarse for a few KiB an entry; `serve-bounds.sh` measures the process).
@Suite("Maps keyed by request data stay bounded")
struct BoundedMapsTests {
  /// A zone of any name, at UTC.
  private struct AnyZone: UTCOffsetSource {
    let identifier: String
    func secondsFromUTC(at instant: Int64) -> Int { 0 }
  }

  @Test(
    "respellings of a zone name are 400 before anything is kept for them; the real name is kept once",
    arguments: [
      "./Europe/Paris", "././././Europe/Paris", "Europe//Paris", "Europe/./Paris", "Europe/Paris/", "/Europe/Paris",
      "Europe/../Europe/Paris", "Europe/Paris\u{0}", " Europe/Paris", String(repeating: "A", count: 65),
    ])
  func respelledZones(name: String) throws {
    let api = try TestAPI()
    let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name
    let response = api.get("/v1/feed?limit=1&time_zone=\(encoded)")
    #expect(response.status == 400, "\(name)")
    #expect(response.text.contains("unknown time zone"))
    #expect(api.api.contexts.count == 0)
  }

  @Test("thousands of distinct zone names keep no more contexts than the zones that exist")
  func thousandsOfZoneNames() throws {
    let api = try TestAPI()
    #expect(api.get("/v1/feed?limit=1&time_zone=Europe/Paris").status == 200)
    let kept = api.api.contexts.count
    for index in 0..<2000 {
      let respelled =
        String(repeating: "./", count: index % 50 + 1) + "Europe/Paris" + String(repeating: "/", count: index / 50)
      #expect(api.get("/v1/feed?limit=1&time_zone=\(respelled)").status == 400)
      #expect(api.get("/v1/feed?limit=1&time_zone=Mars/Crater\(index)").status == 400)
    }
    #expect(api.api.contexts.count == kept)
    #expect(kept == 1)
  }

  @Test("a lookup that finds every name still keeps at most RowContexts.limit contexts")
  func contextsHaveALimit() {
    let contexts = RowContexts { AnyZone(identifier: $0) }
    for index in 0..<(RowContexts.limit + 500) {
      let context = contexts.context(named: "Zone/N\(index)")
      #expect(context?.timeZone.identifier == "Zone/N\(index)")
    }
    #expect(contexts.count == RowContexts.limit)
  }

  @Test(
    "tokens that are not valid are never remembered; valid ones at most TokenCallers.capacity",
    arguments: Backend.available)
  func tokenCallers(backend: Backend) throws {
    let api = try TestAPI(backend)
    try api.addUsers(["ann"])
    let token = try api.token(for: "ann")
    #expect(api.get("/v1/me/feed?limit=1", token: token).status == 200)
    for index in 0..<2000 {
      let digits = String(index, radix: 16)
      let unknown = "sft_" + String(repeating: "0", count: 64 - digits.count) + digits
      #expect(api.get("/v1/me/feed?limit=1", token: unknown).status == 401)
    }
    #expect(api.api.tokenCallers.count == (backend == .postgres ? 1 : 0))  // SQLite sends nothing ahead
    let callers = TokenCallers()
    for index in 0..<(TokenCallers.capacity + 500) {
      callers.remember(.anonymous, for: SQLQuery("verify", [.text("\(index)")]))
    }
    #expect(callers.count <= TokenCallers.capacity)
    #expect(callers[SQLQuery("verify", [.text("\(TokenCallers.capacity + 499)")])] == .anonymous)
  }

  @Test("thousands of distinct paths, methods and parameters add no metrics series")
  func metricsSeries() throws {
    let api = try TestAPI()
    _ = api.get("/v1/nothing-here")
    _ = api.get("/v1/feed", method: "BREW")
    _ = api.get("/v1/feed?unknown=1")
    _ = api.get("/metrics")
    let before = series(api.get("/metrics").text)
    for index in 0..<2000 {
      _ = api.get("/v1/nothing-\(index)?x\(index)=1")
      _ = api.get("/v1/feed?unknown\(index)=1")
      _ = api.get("/v1/feed", method: "M\(index)")
    }
    #expect(series(api.get("/metrics").text) == before)
  }

  /// The series of a metrics page: its sample lines without their values.
  private func series(_ page: String) -> Set<String> {
    Set(
      page.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
        line.split(separator: " ").first.map(String.init)
      })
  }
}
