/// One schema change: a named SQL script, applied once and recorded with its checksum.
///
/// Names sort in application order (`0001_feed_item_create`, `0002_order_create`, …). A migration that has
/// shipped is never edited: the migrator refuses a database whose recorded checksum differs.
///
///     let migration = Migration(name: "0001_item_create", sql: "CREATE TABLE item (id TEXT PRIMARY KEY);")
public struct Migration: Sendable, Hashable {
  /// The unique name; migrations apply in ascending name order.
  public let name: String
  /// The SQL script: any number of statements, without `BEGIN`/`COMMIT` (the migrator wraps it).
  public let sql: String
  /// SHA-256 of the SQL's UTF-8 bytes, 64 lowercase hex digits (what `sha256sum` prints for the file).
  public let checksum: String

  /// Creates a migration; the checksum is computed from `sql`.
  public init(name: String, sql: String) {
    self.name = name
    self.sql = sql
    self.checksum = SHA256.hexDigest(sql.utf8)
  }
}
