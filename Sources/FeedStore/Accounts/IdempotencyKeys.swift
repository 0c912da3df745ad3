import SQLCore

/// The `idempotency_keys` table (migration `0007_account_idempotency`): the answers of requests sent with an
/// `Idempotency-Key`, per user and key. A request claims its key first thing in its write transaction and
/// records its answer in the same transaction, so the key and what the request wrote commit together or not at
/// all. A second request with the key waits for the first's transaction (SQLite: one writer at a time;
/// PostgreSQL: its insert waits on the unique primary key until the first commits or rolls back) and then finds
/// the answer.
///
///     let keys = IdempotencyKeys(db)
///     switch try keys.claim(user: "u1", key: "k1", request: "POST /v1/me/orders\n{…}", now: ms) { … }
///     try keys.record(user: "u1", key: "k1", status: 201, location: "/v1/orders/o-1", body)
public struct IdempotencyKeys {
  private enum SQL {
    static let expire = "DELETE FROM idempotency_keys WHERE created_at < $1"
    static let claim = """
      INSERT INTO idempotency_keys (user_id, key, request, created_at) VALUES ($1, $2, $3, $4)
      ON CONFLICT (user_id, key) DO NOTHING
      """
    static let find = "SELECT request, status, location, response FROM idempotency_keys WHERE user_id = $1 AND key = $2"
    static let record =
      "UPDATE idempotency_keys SET status = $3, location = $4, response = $5 WHERE user_id = $1 AND key = $2"
  }

  /// A key is kept at least this long (milliseconds): 24 hours.
  public static let lifetime: Int64 = 24 * 60 * 60 * 1000

  /// What a claim found.
  public enum Claim: Sendable, Hashable {
    /// The key is new (or its row expired): the request runs, then records its answer.
    case claimed
    /// The key was used by the same request, which answered this: its status, `Location` and body.
    case answered(status: Int, location: String?, body: [UInt8])
    /// The key was used by another request (another route or body).
    case usedByAnotherRequest
  }

  private let db: StoreConnection

  /// The keys of `db`; use inside a write transaction.
  public init(_ db: StoreConnection) {
    self.db = db
  }

  /// Deletes the keys older than ``lifetime`` at `now` (every user's: each expired key is deleted once, by the
  /// first request after it expired), then claims `key` of `user` for `request` (its route and body).
  public func claim(user: String, key: String, request: String, now: Int64) throws -> Claim {
    try db.execute(SQL.expire, [.integer(now - Self.lifetime)])
    try db.execute(SQL.claim, [.text(user), .text(key), .text(request), .integer(now)])
    let found = try db.queryOne(SQL.find, [.text(user), .text(key)]) { row in
      (
        request: try row.string(at: 0), status: try row.optionalInt64(at: 1), location: try row.optionalString(at: 2),
        body: try row.optionalString(at: 3)
      )
    }
    guard let found, let status = found.status else { return .claimed }  // the row this transaction inserted
    guard found.request == request else { return .usedByAnotherRequest }
    return .answered(status: Int(status), location: found.location, body: Array((found.body ?? "").utf8))
  }

  /// Records the answer of the request that claimed `key` of `user` — its status, `Location` and body — in
  /// its transaction.
  public func record(user: String, key: String, status: Int, location: String?, _ body: [UInt8]) throws {
    try db.execute(
      SQL.record,
      [
        .text(user), .text(key), .integer(Int64(status)), SQLValue(location),
        .text(String(decoding: body, as: UTF8.self)),
      ])
  }
}
