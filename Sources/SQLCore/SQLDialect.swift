/// The SQL a backend speaks: where the same statement cannot serve both, a plugin or a migration states it once
/// per dialect and the store picks the one of its connection.
///
///     let sql = db.dialect == .postgres ? "… IS DISTINCT FROM …" : "… IS NOT …"
public enum SQLDialect: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// SQLite 3 (the embedded default store).
  case sqlite
  /// PostgreSQL (a shared database server).
  case postgres

  /// The engine's name as people write it: `SQLite`, `PostgreSQL`.
  public var description: String {
    switch self {
    case .sqlite: return "SQLite"
    case .postgres: return "PostgreSQL"
    }
  }
}
