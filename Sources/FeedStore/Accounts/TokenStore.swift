import SQLCore

/// The `tokens` table (migration `0006_account_tokens`): creating, listing, revoking and verifying API tokens.
/// The store never holds a token itself, only its SHA-256 (``TokenSecret/hash``).
///
///     let tokens = TokenStore(db)
///     let (token, secret) = try tokens.create(user: "u42", scope: .write, name: "phone", at: now)
///     print(secret.text)                           // shown once
///     try tokens.verify(secret.text)?.user         // "u42"
///     try tokens.revoke(id: token.id, at: now)     // true; verify now answers nil
public struct TokenStore {
  private enum SQL {
    static let columns = "t.id, t.user_id, t.scope, t.name, t.created_at, t.last_used_at, t.revoked_at"
    static let insert = """
      INSERT INTO tokens (id, user_id, scope, name, secret_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6)
      """
    static let list = "SELECT \(columns) FROM tokens t WHERE t.revoked_at IS NULL ORDER BY t.created_at, t.id"
    static let find = "SELECT \(columns) FROM tokens t WHERE t.id = $1"
    static let revoke = "UPDATE tokens SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL"
    static let verify = """
      SELECT \(columns), t.secret_hash FROM tokens t JOIN users u ON u.id = t.user_id
      WHERE t.secret_hash = $1 AND t.revoked_at IS NULL
      """
    static let confirm = """
      SELECT t.id FROM tokens t JOIN users u ON u.id = t.user_id WHERE t.id = $1 AND t.revoked_at IS NULL
      """
    static let recordUse = """
      UPDATE tokens SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)
      """
  }

  private let db: StoreConnection

  /// The tokens of `db`.
  public init(_ db: StoreConnection) {
    self.db = db
  }

  /// Creates a token for `user` with `scope` and the label `name`, at `now` (UTC milliseconds), in one write
  /// transaction, and returns it with its secret: the only time the secret exists outside the client.
  /// Throws ``UnknownUser`` when no user has the id `user`.
  public func create(user: String, scope: TokenScope, name: String?, at now: Int64) throws -> (
    token: Token, secret: TokenSecret
  ) {
    try db.write {
      guard try Users(db).find(id: user) != nil else {
        throw UnknownUser(id: user)
      }
      var random = RandomIDs(.system)
      let token = Token(id: random.hex(prefix: "tok_", words: 1), user: user, scope: scope, name: name, createdAt: now)
      let secret = TokenSecret.generate()
      try db.execute(
        SQL.insert,
        [
          .text(token.id), .text(user), .text(scope.rawValue), name.map { .text($0) } ?? .null, .text(secret.hash),
          .integer(now),
        ])
      return (token, secret)
    }
  }

  /// Every token not revoked, oldest first.
  public func list() throws -> [Token] {
    try db.read { try db.queryAll(SQL.list, [], Self.token) }
  }

  /// Revokes the token `id` at `now`, in one write transaction: true when this call revoked it, false when it
  /// already was. Throws ``UnknownToken`` when no token has the id.
  @discardableResult
  public func revoke(id: String, at now: Int64) throws -> Bool {
    try db.write {
      guard let token = try db.queryOne(SQL.find, [.text(id)], Self.token) else {
        throw UnknownToken(id: id)
      }
      guard token.revokedAt == nil else { return false }
      try db.execute(SQL.revoke, [.text(id), .integer(now)])
      return true
    }
  }

  /// The live token whose secret is `presented`; nil when `presented` is not a token, no token has it, it was
  /// revoked, or its user is no longer in the database. Runs one query, in the caller's transaction if any
  /// (the server verifies inside the read that answers the request, so both see one version of the store).
  ///
  /// Why a look-up by hash followed by a constant-time comparison is safe: the index finds the row by
  /// comparing the SHA-256 of what the client sent, byte by byte, and its timing could at most tell an
  /// attacker how many leading digits of that hash match a stored hash. An attacker can pick guesses whose
  /// hashes share a prefix with a stored hash, but knowing part (even all) of a stored hash does not give its
  /// token: that takes a SHA-256 preimage of a 256-bit random secret. The secret itself is never compared.
  /// The comparison of the whole hash afterwards, in constant time, makes the match exact whatever the
  /// database's index compares (collation, padding) and looks at every byte however early they differ.
  ///
  /// `locking` (in a write transaction): the token's row stays locked (shared) until the transaction ends, so a
  /// revocation either committed before the look-up, which then refuses the token, or waits for the write to
  /// end — a write never commits under a token revoked while it ran.
  public func verify(_ presented: String, locking: Bool = false) throws -> Token? {
    guard let secret = TokenSecret(presented) else { return nil }
    let hash = secret.hash
    let sql = locking ? SQL.verify + db.dialect.locking(table: "t", shared: true) : SQL.verify
    let found = try db.queryOne(sql, [.text(hash)]) { row in
      (token: try Self.token(row), hash: try row.string(at: 7))
    }
    guard let found, ConstantTime.equal(found.hash.utf8, hash.utf8) else { return nil }
    return found.token
  }

  /// Whether the token `id`, which ``verify(_:locking:)`` found earlier, still stands: not revoked, its user still
  /// in the database. Runs one query by the token's id, in the caller's transaction; `locking` (in a write
  /// transaction) keeps the token's row locked (shared) until it ends, as ``verify(_:locking:)`` does. The server
  /// verifies a write's token from its head, before the body is read, and confirms it so in the write.
  public func confirm(id: String, locking: Bool = false) throws -> Bool {
    let sql = locking ? SQL.confirm + db.dialect.locking(table: "t", shared: true) : SQL.confirm
    return try db.queryOne(sql, [.text(id)]) { try $0.string(at: 0) } != nil
  }

  /// The statement ``verify(_:locking:)`` runs for `presented` without locking, to send ahead
  /// (``StoreConnection/sendAhead(_:)``); nil when `presented` is not a token at all (nothing is read for it).
  public static func verification(of presented: String) -> SQLQuery? {
    // The same SQL and argument as verify's: a kept result is taken only by an equal statement.
    TokenSecret(presented).map { SQLQuery(SQL.verify, [.text($0.hash)]) }
  }

  /// Records the uses in `lastUsed` (token id → UTC milliseconds) in one write transaction; a recorded instant
  /// never goes back, and an id that is gone is skipped.
  public func recordUse(_ lastUsed: [String: Int64]) throws {
    guard !lastUsed.isEmpty else { return }
    // Bookkeeping: on PostgreSQL the servers' answer memos keep their answers through it.
    try db.bookkeepingWrite {
      let update = try db.prepare(SQL.recordUse)
      for (id, instant) in lastUsed.sorted(by: { $0.key < $1.key }) {  // one lock order for every writer
        try update.run([.text(id), .integer(instant)])
      }
    }
  }

  /// The token in a row of ``SQL/columns``. The table's CHECK admits the three scopes only; anything else would
  /// read as the least of them.
  private static func token(_ row: StoreRow) throws -> Token {
    Token(
      id: try row.string(at: 0), user: try row.string(at: 1),
      scope: TokenScope(rawValue: try row.string(at: 2)) ?? .read, name: try row.optionalString(at: 3),
      createdAt: try row.int64(at: 4), lastUsedAt: try row.optionalInt64(at: 5), revokedAt: try row.optionalInt64(at: 6)
    )
  }
}
