import Hashing

/// One schema change: a named SQL script per dialect, applied once and recorded with its checksum.
///
/// Names sort in application order (`0001_feed_item_create`, `0002_order_create`, …). A migration that has
/// shipped is never edited: the migrator refuses a database whose recorded checksum differs. The checksum is
/// that of the script of the database's own dialect, so adding a PostgreSQL script to a migration leaves the
/// checksum recorded in existing SQLite files unchanged.
///
///     let same = Migration(name: "0001_item_create", sql: "CREATE TABLE item (id TEXT PRIMARY KEY);")
///     let split = Migration(
///       name: "0002_item_rank",
///       sqlite: "CREATE TABLE rank (id TEXT PRIMARY KEY, n INTEGER NOT NULL) STRICT;",
///       postgres: "CREATE TABLE rank (id TEXT PRIMARY KEY COLLATE \"C\", n BIGINT NOT NULL);")
public struct Migration: Sendable, Hashable {
  /// The unique name; migrations apply in ascending name order.
  public let name: String
  /// The SQLite script, or nil when the migration has none (it cannot run on SQLite).
  public let sqlite: String?
  /// The PostgreSQL script, or nil when the migration has none (it cannot run on PostgreSQL).
  public let postgres: String?

  /// A migration with its own script for each dialect (nil for a dialect it does not support). A script is any
  /// number of statements, without `BEGIN`/`COMMIT` (the migrator wraps it).
  public init(name: String, sqlite: String?, postgres: String?) {
    self.name = name
    self.sqlite = sqlite
    self.postgres = postgres
  }

  /// A migration whose one script runs on every dialect.
  public init(name: String, sql: String) {
    self.init(name: name, sqlite: sql, postgres: sql)
  }

  /// The script for `dialect`, or nil when the migration has none for it.
  public func sql(for dialect: SQLDialect) -> String? {
    switch dialect {
    case .sqlite: return sqlite
    case .postgres: return postgres
    }
  }

  /// SHA-256 of the `dialect` script's UTF-8 bytes, 64 lowercase hex digits (what `sha256sum` prints for the
  /// file), or nil when the migration has no script for `dialect`.
  public func checksum(for dialect: SQLDialect) -> String? {
    sql(for: dialect).map { SHA256.hexDigest($0.utf8) }
  }
}
