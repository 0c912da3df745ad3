import Foundation
import StackfeedTestSupport
import Testing

/// docs/openapi.json against the real binary over sockets: `GET /openapi.json` sends its bytes, and every answer of
/// the table of requests over every route and status (``OpenAPIChecks``, which FeedServerTests' `OpenAPITests`
/// runs in process) is one the document describes (scripts/check-openapi.py, openapi-core).
@Suite(
  "serve: the OpenAPI document",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct OpenAPIServeTests {
  @Test("GET /openapi.json sends the bytes of docs/openapi.json, compiled into the binary")
  func served() throws {
    let server = try EndpointTests.server()
    let reply = try server.get("/openapi.json")
    #expect(reply.status == 200)
    #expect(reply.body == [UInt8](try Data(contentsOf: OpenAPIChecks.document)))
    #expect(reply.header("Content-Type") == "application/vnd.oai.openapi+json; version=3.1")
  }

  @Test(
    "every answer to requests over every route and status is one the document describes (openapi-core)",
    .requires(OptionalPythonModule.openAPI.isInstalled, OptionalPythonModule.openAPI.skipNote))
  func answers() throws {
    let servers = try ServedAPI()
    let unserved = try OpenAPIChecks.unservedPaths(of: servers)
    #expect(unserved.isEmpty, "described but not routed: \(unserved.sorted())")
    let check = try OpenAPIChecks.check(OpenAPIChecks.exchanges(with: servers))
    #expect(check.status == 0, "\(check.output)")
  }
}

/// Two `stackfeed serve` processes on one seeded SQLite database, as the OpenAPI checks ask them: one as started by
/// default, one with `--require-auth`.
final class ServedAPI: ExchangingAPI {
  let server: ServerProcess
  let requiringAuth: ServerProcess

  init() throws {
    server = try EndpointTests.server()
    requiringAuth = try ServerProcess()
    try requiringAuth.start(["--db", server.database, "--threads", "2", "--require-auth"])
  }

  /// The reply of the server asked (`Content-Length` added for a body).
  func send(method: String, target: String, headers: [(String, String)], body: [UInt8], requireAuth: Bool) throws
    -> (status: Int, headers: [(String, String)], body: [UInt8])
  {
    let reply = try HTTPClient.request(
      port: (requireAuth ? requiringAuth : server).port, method: method, target: target,
      headers: headers.map { "\($0.0): \($0.1)" } + (body.isEmpty ? [] : ["Content-Length: \(body.count)"]),
      body: body)
    return (reply.status, reply.headers.map { ($0.name, $0.value) }, reply.body)
  }

  /// A token of the user `default`, made by `stackfeed token create`.
  func token(scope: String) throws -> String {
    let created = try server.run(["token", "create", "--db", server.database, "--user", "default", "--scope", scope])
    guard created.code == 0 else { throw ServerError(text: "token create: \(created.stderr)") }
    return String(created.stdout.dropLast())
  }

  /// Moves the database file away or back; away, waits until the server's reads have noticed (a file found is
  /// looked up again within 10 ms).
  func setDatabaseAvailable(_ available: Bool) throws {
    let away = server.path("away.sqlite")
    try FileManager.default.moveItem(
      atPath: available ? away : server.database, toPath: available ? server.database : away)
    if !available { try waitUntil(seconds: 5) { try server.get("/readyz").status == 503 } }
  }
}
