import BuiltInPlugins
import FeedPlugins
import Foundation
import GzipCore
import HTTPServer
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// docs/openapi.json in process: served byte for byte at `/openapi.json`, describing exactly the routes the server
/// has, a valid OpenAPI 3.1 document, and every answer to a table of requests over every route and status as it
/// describes it (openapi-core, scripts/check-openapi.py). ServeTests' `OpenAPIServeTests` runs the same table
/// against the real binary.
@Suite("FeedAPI: the OpenAPI document")
struct OpenAPITests {
  @Test("GET /openapi.json answers the bytes of docs/openapi.json (pretty=1 too), tagged, 304, gzipped for who asks")
  func served() throws {
    let api = try TestAPI()
    let file = try [UInt8](Data(contentsOf: OpenAPIChecks.document))
    let answer = api.get("/openapi.json")
    #expect(answer.status == 200)
    #expect(answer.body == file, "docs/openapi.json changed since the build: scripts/generate-bundle.sh embeds it")
    #expect(answer.header("Content-Type") == "application/vnd.oai.openapi+json; version=3.1")
    #expect(answer.header("Cache-Control") == "no-cache")
    #expect(answer.header("Vary") == "Accept-Encoding")
    #expect(api.get("/openapi.json?pretty=1").body == file)
    let tag = try #require(answer.header("ETag"))
    #expect(api.get("/openapi.json", headers: [HTTPField("If-None-Match", tag)]).status == 304)
    #expect(api.get("/openapi.json?format=yaml").status == 400)
    guard Gzip.isAvailable else { return }
    let gzipped = api.get("/openapi.json", headers: [HTTPField("Accept-Encoding", "gzip")])
    #expect(gzipped.header("Content-Encoding") == "gzip")
    #expect(Gzip.decompress(gzipped.body, limit: file.count) == file)
  }

  @Test("the document describes exactly the routes the server has: the endpoints and the plugins' routes, each method")
  func routes() throws {
    let described = try OpenAPIChecks.describedRoutes()
    var served = Dictionary(uniqueKeysWithValues: Endpoint.paths.map { ($0, Set(["GET", "HEAD"])) })
    for route in try PluginRegistry.builtIn().routes {
      served[route.pattern.description, default: []].formUnion(
        route.method == .get ? ["GET", "HEAD"] : [route.method.rawValue])
    }
    for (path, methods) in served {
      #expect(
        described[path] == methods,
        "\(path): the server answers \(methods.sorted()), docs/openapi.json says \(described[path]?.sorted() ?? [])")
    }
    let unserved = Set(described.keys).subtracting(served.keys)
    #expect(unserved.isEmpty, "described but not routed: \(unserved.sorted())")
    for path in Endpoint.paths {
      #expect(throws: Never.self, "\(path)") { try Endpoint(path: path) }
    }
  }

  @Test(
    "docs/openapi.json is a valid OpenAPI 3.1 document (openapi-spec-validator)",
    .requires(OptionalPythonModule.openAPI.isInstalled, OptionalPythonModule.openAPI.skipNote))
  func valid() throws {
    let check = try OpenAPIChecks.check()
    #expect(check.status == 0, "\(check.output)")
  }

  @Test(
    "every answer to requests over every route and status is one the document describes (openapi-core)",
    .requires(OptionalPythonModule.openAPI.isInstalled, OptionalPythonModule.openAPI.skipNote))
  func answers() throws {
    let api = try TestAPI()
    let unserved = try OpenAPIChecks.unservedPaths(of: api)
    #expect(unserved.isEmpty, "described but not routed: \(unserved.sorted())")
    let check = try OpenAPIChecks.check(OpenAPIChecks.exchanges(with: api))
    #expect(check.status == 0, "\(check.output)")
  }
}
