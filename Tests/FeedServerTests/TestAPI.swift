import BuiltInPlugins
import FeedPlugins
import FeedServer
import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport

/// The HTTP API in process over a real, fresh database on `backend` (a temporary SQLite file or a database of the
/// throwaway PostgreSQL cluster) holding the bundled reference feed: request values in, response values out.
///
///     let api = try TestAPI(.sqlite)
///     let response = api.get("/v1/feed?limit=2")
final class TestAPI: CheckedFeedAPI {
  /// The database served.
  let database: TestDatabase
  /// The API under test.
  var api: FeedAPI
  private let folder: URL

  /// An API over a new database on `backend`, seeded with the bundled reference feed and `generate` more items
  /// (and the default seeds of the plugins of `registry`, the built-in ones unless given).
  convenience init(_ backend: Backend = .sqlite, generate: Int = 0, registry: PluginRegistry? = nil) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stackfeed-api-\(UUID().uuidString)")
    try self.init(database: backend.makeDatabase(in: folder), in: folder, generate: generate, registry: registry)
  }

  /// An API over `database` (e.g. one of a private cluster), seeded as ``init(_:generate:registry:)`` seeds
  /// a new one; `folder` (a new temporary one by default) is removed with this value.
  init(
    database: TestDatabase, in folder: URL? = nil, generate: Int = 0, registry: PluginRegistry? = nil
  ) throws {
    self.folder =
      folder
      ?? FileManager.default.temporaryDirectory.appendingPathComponent("stackfeed-api-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: self.folder, withIntermediateDirectories: true)
    self.database = database
    let registry = try registry ?? PluginRegistry.builtIn()
    let location = StoreLocation.resolve(option: database.argument, environment: [:])
    try Self.seed(location, generate: generate, registry: registry)
    api = FeedAPI(
      location: location, registry: registry, defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) })
  }

  deinit {
    try? FileManager.default.removeItem(at: folder)
  }

  /// Adds `generate` feed items (after migrating and, on a new database, loading the reference feed), as
  /// `stackfeed seed --generate` does; the version of the change log after it.
  @discardableResult
  func seed(generate: Int) throws -> UInt64 {
    try Self.seed(
      StoreLocation.resolve(option: database.argument, environment: [:]), generate: generate,
      registry: PluginRegistry.builtIn())
    return UInt64(try database.query("SELECT n FROM store_changes")) ?? 0
  }

  private static func seed(_ location: StoreLocation, generate: Int, registry: PluginRegistry) throws {
    let store = try FeedDatabase.open(location: location, migrations: registry.migrations, now: Date.init)
    if store.wasCreated {
      try Seeder(registry: registry).seed(
        SeedFiles(registry.defaultSeedFolder.files), into: store.database, reset: false)
    }
    if generate > 0 {
      try registry.generator(kind: nil).generate(generate, in: store.database) { _ in }
    }
  }

  /// The answer to `GET target` with `headers`, for the shared checks.
  func answer(_ target: String, headers: [(String, String)]) throws -> any CheckedAnswer {
    get(target, headers: headers.map { HTTPField($0.0, $0.1) })
  }

  /// The answer to `method target` (a path with its query, as a client sends it) with `headers`.
  func get(_ target: String, method: String = "GET", headers: [HTTPField] = []) -> HTTPResponse {
    api.respond(to: Self.request(method, target, headers: headers))
  }

  /// The answer to `method target` from `caller`, with `json` as the body (and `Content-Type:
  /// application/json` unless `headers` give a `Content-Type`).
  func send(
    _ method: String, _ target: String, as caller: Caller, json: String? = nil, headers: [HTTPField] = []
  ) -> HTTPResponse {
    var request = Self.request(method, target, headers: headers)
    if let json {
      request.body = Array(json.utf8)
      if !headers.contains(where: { $0.name.lowercased() == "content-type" }) {
        request.headers.append(HTTPField("Content-Type", "application/json"))
      }
    }
    return api.respond(to: request, as: caller)
  }

  /// The request for `target`: its path, and its query split into arguments (`name` alone has no value).
  static func request(_ method: String, _ target: String, headers: [HTTPField] = []) -> HTTPRequest {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let arguments = parts.count < 2 ? [] : parts[1].split(separator: "&")
    let query = arguments.map { argument -> HTTPField in
      let pair = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let value = pair.count < 2 ? nil : String(pair[1]).removingPercentEncoding
      return HTTPField(String(pair[0]).removingPercentEncoding ?? "", value)
    }
    return HTTPRequest(method: method, path: String(parts[0]), query: query, headers: headers)
  }
}

extension HTTPResponse: CheckedAnswer {
  /// The body as text.
  public var text: String { String(decoding: body, as: UTF8.self) }

  /// The value of the header `name` (case-insensitive), if any.
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }

  /// The body as a JSON object.
  func json() throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] ?? [:]
  }
}
