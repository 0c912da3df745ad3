import Foundation
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// docs/openapi.json's query parameters against the server's parsers: a value the document's schema refuses is one
/// the server refuses (400 naming the parameter), so a client generated from the document (scripts/check-fuzz.sh's
/// Schemathesis) is not told a request is valid that the server then refuses for its syntax.
@Suite("FeedAPI: the OpenAPI document's query parameters")
struct OpenAPIParameterTests {
  /// A query parameter of an operation: its name and schema.
  struct Parameter {
    var name: String
    var schema: [String: Any]
  }

  /// The query parameters of every `GET` whose path has no template (the path's and the operation's), by path,
  /// `$ref`s resolved.
  static func queryParameters() throws -> [(path: String, parameters: [Parameter])] {
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: OpenAPIChecks.document)) as? [String: Any])
    let components = (document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]] ?? [:]
    let paths = document["paths"] as? [String: [String: Any]] ?? [:]
    return try paths.keys.sorted().filter { !$0.contains("{") }.compactMap { path in
      guard let item = paths[path], let get = item["get"] as? [String: Any] else { return nil }
      let listed = (item["parameters"] as? [[String: Any]] ?? []) + (get["parameters"] as? [[String: Any]] ?? [])
      let parameters = try listed.map { parameter in
        guard let reference = parameter["$ref"] as? String else { return parameter }
        return try #require(components[String(reference.split(separator: "/").last ?? "")], "\(reference)")
      }
      return (
        path,
        parameters.filter { $0["in"] as? String == "query" }.map {
          Parameter(name: $0["name"] as? String ?? "", schema: $0["schema"] as? [String: Any] ?? [:])
        }
      )
    }
  }

  /// Whether `schema` refuses the empty string, from the keywords the document's query parameters use.
  static func refusesEmpty(_ schema: [String: Any]) -> Bool {
    if let type = schema["type"] as? String, type != "string" { return true }
    if let values = schema["enum"] as? [String], !values.contains("") { return true }
    if let minimum = schema["minLength"] as? Int, minimum > 0 { return true }
    if let pattern = schema["pattern"] as? String, "".range(of: pattern, options: .regularExpression) == nil {
      return true
    }
    return false
  }

  @Test("an empty value is 400, naming the parameter, exactly where the document's schema refuses it")
  func emptyValues() throws {
    let api = try TestAPI()
    var checked = 0
    // `/v1/me…` and `/v1/users` need a token (401 before any parameter is read).
    for (path, parameters) in try Self.queryParameters() where !path.hasPrefix("/v1/me") && path != "/v1/users" {
      // A flag (`system_scheme`, `own-height`: no value) is only for some values of other parameters.
      for parameter in parameters where parameter.schema["maxLength"] as? Int != 0 {
        let answer = api.get("\(path)?\(parameter.name)=")
        let refused = answer.status == 400 && answer.text.contains(#""parameter":"\#(parameter.name)""#)
        #expect(
          refused == Self.refusesEmpty(parameter.schema),
          "\(path)?\(parameter.name)=: \(answer.status) \(answer.text), the document \(parameter.schema)")
        checked += 1
      }
    }
    #expect(checked >= 40, "every query parameter of the anonymous GET routes (40 today)")
  }

  @Test(
    "after: what the document's pattern refuses the server refuses, and a cursor it printed matches the pattern",
    arguments: ["", "feed_item", "feed_item:1:1", "feed_item:1:1:1:1", "feed item:1:1:1", ":1:1:1", "feed_item:x:1:1"])
  func cursorSyntax(cursor: String) throws {
    let api = try TestAPI()
    let pattern = try #require(
      try Self.queryParameters().first { $0.path == "/v1/feed" }?.parameters.first { $0.name == "after" }?
        .schema["pattern"] as? String)
    #expect(cursor.range(of: pattern, options: .regularExpression) == nil, "the document takes \(cursor)")
    let query = cursor.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? cursor
    #expect(api.get("/v1/feed?after=\(query)").status == 400)
    let next = try #require(try Self.next(of: api))
    #expect(next.range(of: pattern, options: .regularExpression) != nil, "\(next)")
  }

  /// The `next` of `/v1/feed?limit=2`.
  static func next(of api: TestAPI) throws -> String? {
    let page = try JSONSerialization.jsonObject(with: Data(api.get("/v1/feed?limit=2").body)) as? [String: Any]
    return page?["next"] as? String
  }
}
