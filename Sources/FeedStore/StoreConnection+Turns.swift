extension StoreConnection {
  /// Makes this write transaction the only writer of `table` until it ends: what an insert that reads where its
  /// row goes (the largest rank, the smallest position) takes first, so that two inserts at once never read the
  /// same free slot and the second fails on a unique index.
  ///
  /// On PostgreSQL `LOCK TABLE … IN SHARE ROW EXCLUSIVE MODE`: it conflicts with itself and with every row
  /// change of the table, and not with reads; under READ COMMITTED each statement after it sees what the writer
  /// before committed. On SQLite nothing: a write transaction holds the file's one write lock already. `table` is
  /// the plugin's own table name, never request data.
  ///
  ///     try db.takeWriteTurn(on: "banner")
  ///     try db.execute("INSERT INTO banner (id, rank) SELECT $1, coalesce(max(rank), 0) + 1 FROM banner", [.text(id)])
  public func takeWriteTurn(on table: String) throws {
    guard dialect == .postgres else { return }
    try execute("LOCK TABLE \(table) IN SHARE ROW EXCLUSIVE MODE")
  }
}
