import SQLCore

/// The store's change counter: the one row of `store_changes` (core migration `0009_account_changes`), moved on
/// by every write transaction that can change what a feed shows (``StoreConnection/write(_:)``) and by no
/// bookkeeping (``StoreConnection/bookkeepingWrite(_:)``). A server reads it when its connection finds the
/// database changed: the same value means the commits since its previous read were bookkeeping, and every
/// connection that sees one commit reads one value (docs/STORAGE.md, "The answer memo").
public enum StoreChanges {
  /// Moves the counter on by one, inside `db`'s write transaction; its new value.
  static func bump(in db: StoreConnection) throws -> UInt64 {
    UInt64(clamping: try db.queryOne("UPDATE store_changes SET n = n + 1 RETURNING n", []) { try $0.int64(at: 0) } ?? 0)
  }

  /// The counter's value in `db`'s snapshot.
  public static func count(in db: StoreConnection) throws -> UInt64 {
    UInt64(clamping: try db.queryOne("SELECT n FROM store_changes", []) { try $0.int64(at: 0) } ?? 0)
  }
}
