import CivilTime
import FeedStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A request as a ``RowRoute``'s handler sees it: who sends it, the path's parameters and the JSON body, already
/// checked by the route's ``RowRoute/body`` rules and read with ``SeedRecord``'s accessors: a bad field is a
/// ``SeedError`` naming it, which the server answers 422.
public struct RowRequest: Sendable {
  /// The user the caller acts as (`default` for an anonymous caller).
  public var user: String
  /// What the caller's token allows (`nil`: no token).
  public var scope: TokenScope?
  /// The path's `{name}` segments, by name.
  public var parameters: [String: String]
  /// The query parameters the route takes (``RowRoute/query``) that the request gives, by name (each at most
  /// once, else 400 before the handler runs).
  public var query: [String: String]
  /// The page asked for, for a paged route (``RowRoute/paging``): `limit` (its default when not given) and the
  /// `after` cursor as sent (`nil`: the first page).
  public var page: (limit: Int, after: String?)?
  /// The JSON body as a record (routes whose method takes a body), checked by the route's rules.
  public var body: SeedRecord?
  /// The formatting context of the rows answered: the server's zone, the caller's user as the viewer.
  public var context: RowContext
  /// When the request is handled.
  public var now: Date

  /// A request (the server makes them; tests may too).
  public init(
    user: String, scope: TokenScope?, parameters: [String: String] = [:], query: [String: String] = [:],
    page: (limit: Int, after: String?)? = nil, body: SeedRecord? = nil, context: RowContext, now: Date
  ) {
    self.user = user
    self.scope = scope
    self.parameters = parameters
    self.query = query
    self.page = page
    self.body = body
    self.context = context
    self.now = now
  }

  /// The parameter `name` of the path (the route's pattern names it, so it is there).
  public func parameter(_ name: String) -> String {
    parameters[name] ?? ""
  }

  /// The body (a route whose method takes one has it); throws a ``SeedError`` when there is none.
  public func requireBody() throws(SeedError) -> SeedRecord {
    guard let body else { throw SeedError(file: RowRequest.bodyName, problem: "a JSON object is needed") }
    return body
  }

  /// What errors call the body: `the request body`.
  public static let bodyName = "the request body"
}
