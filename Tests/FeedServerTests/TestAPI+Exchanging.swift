import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport

extension TestAPI: ExchangingAPI {
  /// The answer of ``api`` (with `requireAuth` as asked) to the request, without a body for `HEAD`, as the HTTP
  /// server sends it; a body over 64 KiB is not read, as the HTTP server does not read it.
  func send(method: String, target: String, headers: [(String, String)], body: [UInt8], requireAuth: Bool) throws
    -> (status: Int, headers: [(String, String)], body: [UInt8])
  {
    var request = Self.request(method, target, headers: headers.map { HTTPField($0.0, $0.1) })
    if body.count > 64 * 1024 { request.bodyExceedsLimit = true } else { request.body = body }
    var api = self.api
    api.requireAuth = requireAuth
    let response = api.respond(to: request)
    return (response.status, response.headers.map { ($0.name, $0.value ?? "") }, method == "HEAD" ? [] : response.body)
  }

  /// A token of the user `default`.
  func token(scope: String) throws -> String {
    try token(for: "default", scope: TokenScope(rawValue: scope) ?? .read)
  }

  /// Moves the SQLite database file away or back; away, waits until the reads have noticed (a file found is
  /// looked up again within 10 ms, `FileLookup`).
  func setDatabaseAvailable(_ available: Bool) throws {
    let path = database.argument
    try FileManager.default.moveItem(
      atPath: available ? path + ".away" : path, toPath: available ? path : path + ".away")
    if !available { try waitUntil(seconds: 5) { get("/readyz").status == 503 } }
  }
}
