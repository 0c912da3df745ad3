import BuiltInPlugins
import FeedPlugins
import FeedServer
import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// Server errors (500, 503) tell the client what to do and a request id, nothing of the server's insides; the
/// cause goes to the access log under that id (docs/HTTP.md, "Errors").
@Suite("Server errors: no SQL, path or host in the body; the request id and the cause in the log")
struct ServerErrorTests {
  /// What a body must never hold: the database's name (a path, or a URL with host and port), SQL, a SQLSTATE.
  private func leaks(in body: String, database: TestDatabase) -> [String] {
    var found: [String] = []
    let secrets = [database.argument, database.name, "SELECT", "FROM", "feed_item", "postgres", "sqlite", "/tmp"]
    for secret in secrets where body.contains(secret) { found.append(secret) }
    if let host = URL(string: database.argument)?.host, body.contains(host) { found.append(host) }
    if body.contains(/\b[0-9A-Z]{5}\b/) { found.append("a SQLSTATE-like code") }
    return found
  }

  /// The request id of a server error's body, checked against the answer's log note: `urn:stackfeed:request:`
  /// and 16 hex digits, and the note begins with it.
  private func instance(of response: HTTPResponse) throws -> String {
    let body = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    let instance = try #require(body["instance"] as? String)
    #expect(instance.wholeMatch(of: /urn:stackfeed:request:[0-9a-f]{16}/) != nil, "\(instance)")
    #expect(response.logNote?.hasPrefix(instance + ": ") == true, "\(response.logNote ?? "no note")")
    return instance
  }

  @Test(
    "a statement that fails is a server error with a request id; the SQL error is only in the log",
    arguments: Backend.available)
  func failedStatement(backend: Backend) throws {
    let api = try TestAPI(backend)
    try api.database.execute("ALTER TABLE feed_item RENAME TO feed_item_gone")
    let response = api.get("/v1/feed?limit=2")
    // SQLite's read errors are 503 (the file may be mid-replacement), PostgreSQL's statement errors 500.
    #expect(response.status == (backend == .sqlite ? 503 : 500))
    #expect(leaks(in: response.text, database: api.database) == [], "\(response.text)")
    let id = try instance(of: response)
    let note = try #require(response.logNote)
    #expect(note.contains("feed_item"), "the cause names what failed: \(note)")
    let line = AccessLog.line(for: exchange(of: response)).text
    #expect(line.contains(id) && line.contains("feed_item"), "\(line)")
    #expect(!line.dropLast().contains("\n"), "one line: \(line)")
    let again = api.get("/v1/feed?limit=2")
    #expect(try instance(of: again) != id, "each request its own id")
  }

  @Test(
    "a missing database is a 503 with Retry-After and a request id; its name is only in the log",
    arguments: Backend.available)
  func missingDatabase(backend: Backend) throws {
    let test = try TestAPI(backend)
    let missing: TestDatabase
    switch backend {
    case .sqlite:
      missing = TestDatabase(test.database.argument + ".missing")
    case .postgres:
      let url = test.database.argument
      let slash = try #require(url.lastIndex(of: "/"))
      missing = TestDatabase(url[..<slash] + "/stackfeed_no_such_database")
    }
    let registry = try PluginRegistry.builtIn()
    let api = FeedAPI(
      location: StoreLocation.resolve(option: missing.argument, environment: [:]), registry: registry,
      defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) })
    for target in ["/v1/feed", "/readyz"] {
      let response = api.respond(to: TestAPI.request("GET", target))
      #expect(response.status == 503, "\(target)")
      #expect(response.header("Retry-After") == "1")
      #expect(leaks(in: response.text, database: missing) == [], "\(target): \(response.text)")
      _ = try instance(of: response)
      #expect(response.logNote?.contains(missing.name) == true, "the log names the database: \(response.logNote ?? "")")
    }
  }

  @Test("a client's mistake keeps its detail and has no request id")
  func clientErrorsAreNotServerErrors() throws {
    let response = try TestAPI().get("/v1/feed?limit=abc")
    #expect(response.status == 400)
    #expect(response.text.contains("limit takes an integer"))
    #expect(!response.text.contains("instance"))
    #expect(response.logNote == nil)
  }

  private func exchange(of response: HTTPResponse) -> HTTPExchange {
    HTTPExchange(
      method: "GET", path: "/v1/feed", status: response.status, bytes: response.body.count,
      duration: .milliseconds(1), completed: true, note: response.logNote)
  }
}
