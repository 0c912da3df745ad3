import FeedStore
import SQLCore

/// A route a row plugin adds to the HTTP API (``RowRoutes``): its method and path, the scope a caller's token
/// needs, and the handler, which runs in one transaction of the store (a write transaction for every method
/// but `GET`). The server does the rest the same way for every route: it finds the route, checks the token
/// (400/401/403, in the route's transaction), parses the JSON body (415/413/400) and checks it by the route's
/// ``body`` rules (422 naming the field), checks `If-Match` and `If-None-Match` against the route's ``target``
/// (428/412), turns a handler's ``SeedError`` into a 422 naming the field, and answers the row the handler
/// returns as `GET /v1/rows/{kind}/{id}` shows it. The registry refuses a write route without a scope, and a
/// route whose method and path shape another route (or the core) has (``PluginRegistry``).
///
///     RowRoute(.patch, "/v1/feed-items/{id}", scope: .admin, body: Rules.change, target: { request, db in … }) {
///       request, db in
///       let record = try request.requireBody()
///       …
///       return .ok(row)
///     }
public struct RowRoute: Sendable {
  /// The HTTP methods a route may answer.
  public enum Method: String, Sendable, Hashable, CaseIterable {
    /// Reads (also answers `HEAD`); runs in a read transaction.
    case get = "GET"
    /// Creates; takes a JSON body.
    case post = "POST"
    /// Changes; takes a JSON body.
    case patch = "PATCH"
    /// Deletes; takes no body.
    case delete = "DELETE"

    /// Whether requests of this method carry a JSON body.
    public var takesBody: Bool { self == .post || self == .patch }

    /// Whether the method changes the store (every method but `GET`): such a route runs in a write transaction
    /// and needs a scope.
    public var writes: Bool { self != .get }
  }

  /// What a handler or a target is given: the request and the store connection, inside the transaction.
  public typealias Handler = @Sendable (RowRequest, StoreConnection) throws -> RowOutcome
  /// Finds the row a request changes, as its `GET` shows it; `nil` when there is none (404). It runs in the
  /// write's transaction and must read the row locked (its `SELECT` ending with
  /// `db.dialect.locking(table:)`: `FOR UPDATE` on PostgreSQL), so that the version `If-Match` was checked
  /// against is the one the handler changes: of two writers sending one tag, exactly one succeeds.
  public typealias Target = @Sendable (RowRequest, StoreConnection) throws -> FeedRow?

  /// The method.
  public let method: Method
  /// The path, with `{name}` segments for parameters.
  public let pattern: RoutePattern
  /// The least scope the caller's token needs (`nil`: none, anonymous callers too).
  public let scope: TokenScope?
  /// What the request body may contain (a method that takes a body): the kind's rules, the ones its seed
  /// records follow, which the server checks before the handler runs and docs/openapi.json states.
  public let body: RecordRules?
  /// When set, the request must carry `If-Match` (else 428) naming an `ETag` of this row as `GET` gives it
  /// (compact or `pretty=1`, identity or gzip; else 412), and any `If-None-Match` must name none of them (nor
  /// be `*`; else 412); a missing row is 404. Runs in the handler's transaction, before it.
  public let target: Target?
  /// The query parameters a `GET` takes besides the paging ones (e.g. `q`), handed to the handler as
  /// ``RowRequest/query``; any other is a 400 naming it. Empty by default: no query parameters.
  public let query: [String]
  /// How a `GET` of a list is paged (`limit` and `after`, ``RowRequest/page``); `nil`: not paged.
  public let paging: Paging?

  /// The page sizes of a list route: `limit` from 1 to `maximum` (400 beyond, read by the same parser as
  /// `/v1/feed`'s), `defaultLimit` without it; `after` is the route's own cursor, handed over as sent.
  public struct Paging: Sendable, Hashable {
    /// The page size without `limit`.
    public var defaultLimit: Int
    /// The largest `limit`.
    public var maximum: Int

    /// Pages of `defaultLimit` rows, at most `maximum` when asked.
    public init(defaultLimit: Int, maximum: Int) {
      self.defaultLimit = defaultLimit
      self.maximum = maximum
    }
  }
  /// Whether a `POST` may carry `Idempotency-Key`: the server then answers a repeated request (same caller,
  /// key and body) with the first one's answer, without running the handler again.
  public let isIdempotent: Bool
  /// Makes the answer.
  public let handler: Handler

  /// A route answering `method` at `pattern` for callers whose token allows `scope`, whose body (for `POST` and
  /// `PATCH`) follows the rules `body`, taking the query parameters `query` (and `limit`, `after` with `paging`).
  public init(
    _ method: Method, _ pattern: String, scope: TokenScope?, body: RecordRules? = nil, query: [String] = [],
    paging: Paging? = nil, target: Target? = nil, isIdempotent: Bool = false, handler: @escaping Handler
  ) {
    self.method = method
    self.pattern = RoutePattern(pattern)
    self.scope = scope
    self.body = body
    self.query = query
    self.paging = paging
    self.target = target
    self.isIdempotent = isIdempotent
    self.handler = handler
  }
}
