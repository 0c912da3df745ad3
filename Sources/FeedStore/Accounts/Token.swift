/// An API token as the store keeps it: everything but the secret, which is never stored (only its hash) and
/// never shown again after `stackfeed token create`. Instants are UTC milliseconds since 1970.
public struct Token: Sendable, Hashable {
  /// The public id, `tok_` and 16 hex digits: what `token list` shows and `token revoke` takes.
  public var id: String
  /// The id of the user the token acts as.
  public var user: String
  /// What the token allows.
  public var scope: TokenScope
  /// A label for people (`--name`), if given.
  public var name: String?
  /// When it was created.
  public var createdAt: Int64
  /// When it was last used, as recorded (the server records uses in batches: docs/DESIGN.md, "Tokens").
  public var lastUsedAt: Int64?
  /// When it was revoked; a revoked token authenticates nobody.
  public var revokedAt: Int64?

  /// A token with these fields.
  public init(
    id: String, user: String, scope: TokenScope, name: String?, createdAt: Int64, lastUsedAt: Int64? = nil,
    revokedAt: Int64? = nil
  ) {
    self.id = id
    self.user = user
    self.scope = scope
    self.name = name
    self.createdAt = createdAt
    self.lastUsedAt = lastUsedAt
    self.revokedAt = revokedAt
  }
}
