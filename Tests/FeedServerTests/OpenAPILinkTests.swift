import FeedServer
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// docs/openapi.json's links (`components.links`), which tell a client, and scripts/check-fuzz.sh's Schemathesis,
/// what to do with a write's answer: each names an operation of the document and only parameters it has, and
/// following them in process works — a change sent with the answer's `ETag` as `If-Match` is taken, and a deleted
/// row is gone.
@Suite("FeedAPI: the OpenAPI document's links")
struct OpenAPILinkTests {
  /// An operation of the document: its method, path template and parameters, with their locations.
  struct Operation {
    var method: String
    var path: String
    var parameters: [String: String]
  }

  /// The document, parsed.
  static func document() throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: OpenAPIChecks.document)) as? [String: Any])
  }

  /// The document's operations by `operationId`, their parameters (the path's and their own) resolved.
  static func operations() throws -> [String: Operation] {
    let document = try document()
    let components = (document["components"] as? [String: Any])?["parameters"] as? [String: [String: Any]] ?? [:]
    func resolved(_ parameter: [String: Any]) -> [String: Any] {
      guard let reference = parameter["$ref"] as? String else { return parameter }
      return components[String(reference.split(separator: "/").last ?? "")] ?? [:]
    }
    var operations: [String: Operation] = [:]
    for (path, item) in document["paths"] as? [String: [String: Any]] ?? [:] {
      let shared = item["parameters"] as? [[String: Any]] ?? []
      for (method, value) in item {
        guard let operation = value as? [String: Any], let id = operation["operationId"] as? String else { continue }
        let listed = (shared + (operation["parameters"] as? [[String: Any]] ?? [])).map(resolved)
        operations[id] = Operation(
          method: method.uppercased(), path: path,
          parameters: Dictionary(
            listed.map { ($0["name"] as? String ?? "", $0["in"] as? String ?? "") }, uniquingKeysWith: { $1 }))
      }
    }
    return operations
  }

  /// The link `name` of `components.links`: its operation and parameters (values or runtime expressions).
  static func link(_ name: String) throws -> (operationId: String, parameters: [String: String]) {
    let links = (try document()["components"] as? [String: Any])?["links"] as? [String: [String: Any]] ?? [:]
    let link = try #require(links[name], "no link \(name)")
    return (link["operationId"] as? String ?? "", link["parameters"] as? [String: String] ?? [:])
  }

  /// The request the link `name` makes from `answer`: its method, target and headers (`$response.body#/…` and
  /// `$response.header.…` read from the answer).
  static func follow(_ name: String, from answer: HTTPResponse) throws -> (String, String, [HTTPField]) {
    let (id, parameters) = try link(name)
    let operation = try #require(try operations()[id])
    let body = try answer.json()
    var path = operation.path
    var headers: [HTTPField] = []
    for (parameter, expression) in parameters {
      let value: String
      if expression.hasPrefix("$response.body#/") {
        value = try #require(body[String(expression.dropFirst("$response.body#/".count))] as? String)
      } else if expression.hasPrefix("$response.header.") {
        value = try #require(answer.header(String(expression.dropFirst("$response.header.".count))))
      } else {
        value = expression
      }
      if operation.parameters[parameter] == "path" {
        path = path.replacingOccurrences(of: "{\(parameter)}", with: value)
      } else {
        headers.append(HTTPField(parameter, value))
      }
    }
    return (operation.method, path, headers)
  }

  @Test("every link names an operation of the document, sets only its parameters and every path parameter")
  func linksResolve() throws {
    let operations = try Self.operations()
    let links = (try Self.document()["components"] as? [String: Any])?["links"] as? [String: [String: Any]] ?? [:]
    #expect(links.count == 8)
    for name in links.keys {
      let (id, parameters) = try Self.link(name)
      let operation = try #require(operations[id], "\(name): no operation \(id)")
      for parameter in parameters.keys {
        #expect(operation.parameters[parameter] != nil, "\(name): \(id) has no parameter \(parameter)")
      }
      for (parameter, location) in operation.parameters where location == "path" {
        #expect(parameters[parameter] != nil, "\(name): \(id) needs \(parameter)")
      }
    }
  }

  @Test("a new feed item's links: its row, a change with the answer's ETag, then its deletion with the change's")
  func feedItem() throws {
    let api = try TestAPI()
    let created = api.send("POST", "/v1/feed-items", as: .admin, json: #"{"title": "Linked"}"#)
    #expect(created.status == 201)
    let (get, row, _) = try Self.follow("GetFeedItemRow", from: created)
    #expect(api.get(row, method: get).body == created.body)
    let (patch, target, tag) = try Self.follow("ChangeFeedItem", from: created)
    let changed = api.send(patch, target, as: .admin, json: #"{"subtitle": "Changed"}"#, headers: tag)
    #expect(changed.status == 200, "\(changed.text)")
    let (delete, deleted, newTag) = try Self.follow("DeleteFeedItem", from: changed)
    #expect(api.send(delete, deleted, as: .admin, headers: newTag).status == 204)
    #expect(api.get(row).status == 404)
  }

  @Test("a new order's links: a status change with the answer's ETag, then the order as its owner sees it")
  func order() throws {
    let api = try TestAPI()
    let placed = api.send(
      "POST", "/v1/me/orders", as: .user("default", .write),
      json: #"{"items": [{"product": "apex-hoodie", "quantity": 1}]}"#)
    #expect(placed.status == 201, "\(placed.text)")
    let (patch, target, tag) = try Self.follow("SetOrderStatus", from: placed)
    let changed = api.send(patch, target, as: .admin, json: #"{"status": "shipped"}"#, headers: tag)
    #expect(changed.status == 200, "\(changed.text)")
    let (get, order, _) = try Self.follow("GetOrder", from: changed)
    let read = api.send(get, order, as: .user("default", .read))
    #expect(read.body == changed.body)
    #expect(read.text.contains("IT'S SHIPPED"))
  }

  @Test("a new product's links: the product, a change with the answer's ETag, then its deletion with the change's")
  func product() throws {
    let api = try TestAPI()
    let created = api.send("POST", "/v1/products", as: .admin, json: #"{"title": "Linked Tee", "image": "top"}"#)
    #expect(created.status == 201, "\(created.text)")
    let (get, product, _) = try Self.follow("GetProduct", from: created)
    #expect(api.get(product, method: get).body == created.body)
    let (patch, target, tag) = try Self.follow("ChangeProduct", from: created)
    let changed = api.send(patch, target, as: .admin, json: #"{"title": "Relinked Tee"}"#, headers: tag)
    #expect(changed.status == 200, "\(changed.text)")
    let (delete, deleted, newTag) = try Self.follow("DeleteProduct", from: changed)
    #expect(api.send(delete, deleted, as: .admin, headers: newTag).status == 204)
    #expect(api.get(product).status == 404)
  }
}
