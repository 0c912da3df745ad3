import BuiltInPlugins
import FeedPlugins
import Foundation
import GzipCore
import HTTPServer
import JSONCore
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
    var served = Dictionary(uniqueKeysWithValues: Endpoint.paths.map { ($0, Set(Endpoint(path: $0)?.methods ?? [])) })
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

  @Test("each request body's schema is its route's rules, exactly: the fields, bounds, patterns and no others")
  func requestBodies() throws {
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: OpenAPIChecks.document)) as? NSDictionary)
    let routes = try PluginRegistry.builtIn().routes.filter(\.method.takesBody)
    #expect(routes.count == 6)
    for route in routes {
      let rules = try #require(route.body, "\(route.method) \(route.pattern) declares no rules for its body")
      let path = "paths.\(route.pattern).\(route.method.rawValue.lowercased())"
      let operation = (document["paths"] as? NSDictionary)?[route.pattern.description] as? NSDictionary
      let body = (operation?[route.method.rawValue.lowercased()] as? NSDictionary)?["requestBody"] as? NSDictionary
      let schema = ((body?["content"] as? NSDictionary)?["application/json"] as? NSDictionary)?["schema"]
      let described = Self.withoutDescriptions(
        Self.resolved(try #require(schema, "\(path): no JSON body"), in: document))
      let expected = Self.foundation(rules.schema)
      let text = try String(
        decoding: JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys, .prettyPrinted]),
        as: UTF8.self)
      #expect((described as? NSObject)?.isEqual(expected) == true, "\(path) should say:\n\(text)")
    }
  }

  /// `value` with its `$ref`s (to `#/components/…`) replaced by what they name.
  static func resolved(_ value: Any, in document: NSDictionary) -> Any {
    if let object = value as? NSDictionary {
      if let reference = object["$ref"] as? String {
        let target = reference.dropFirst(2).split(separator: "/").reduce(document as Any?) { node, key in
          (node as? NSDictionary)?[String(key)]
        }
        return resolved(target ?? NSNull(), in: document)
      }
      return NSDictionary(
        dictionary: object.reduce(into: [String: Any]()) { result, pair in
          if let key = pair.key as? String { result[key] = resolved(pair.value, in: document) }
        })
    }
    if let array = value as? [Any] { return array.map { resolved($0, in: document) } }
    return value
  }

  /// `value` without the prose (`description` members), which the rules do not carry.
  static func withoutDescriptions(_ value: Any) -> Any {
    if let object = value as? NSDictionary {
      return NSDictionary(
        dictionary: object.reduce(into: [String: Any]()) { result, pair in
          if let key = pair.key as? String, key != "description" { result[key] = withoutDescriptions(pair.value) }
        })
    }
    if let array = value as? [Any] { return array.map(withoutDescriptions) }
    return value
  }

  /// A JSONCore value as Foundation's JSON objects.
  static func foundation(_ value: JSONValue) -> Any {
    switch value {
    case .null: NSNull()
    case .bool(let flag): NSNumber(value: flag)
    case .integer(let number): NSNumber(value: number)
    case .number(let number): NSNumber(value: number)
    case .string(let text): text
    case .array(let elements): elements.map(foundation)
    case .object(let members):
      NSDictionary(dictionary: Dictionary(members.map { ($0.key, foundation($0.value)) }, uniquingKeysWith: { $1 }))
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
