/// Why the migrator refused or failed; nothing about the database was changed silently.
public struct MigrationError: Error, CustomStringConvertible, Sendable, Equatable {
  /// What went wrong.
  public enum Kind: Sendable, Equatable {
    /// An applied migration's SQL differs from this build's (it was edited after shipping).
    case edited
    /// The database carries a migration this build does not know (made by a newer version).
    case unknown
    /// The migration's SQL failed; it was rolled back completely (see `underlying`).
    case failed
    /// Two migrations of this build share a name.
    case duplicateName
    /// The migration has no script for the database's dialect (its plugin does not support that engine).
    case noScript(SQLDialect)
  }

  /// What went wrong.
  public let kind: Kind
  /// The migration concerned.
  public let migration: String
  /// The database error behind a `.failed` migration.
  public let underlying: (any SQLError)?

  /// Creates an error about `migration`.
  public init(kind: Kind, migration: String, underlying: (any SQLError)? = nil) {
    self.kind = kind
    self.migration = migration
    self.underlying = underlying
  }

  /// One sentence naming the migration and what to do. A failed migration gives the engine's message and code
  /// but not its SQL (the migration's name says where it is), so the sentence stays one line.
  public var description: String {
    switch kind {
    case .edited:
      return "migration \(migration) was changed after it was applied to this database; "
        + "a shipped migration must never be edited (add a new one instead)"
    case .unknown:
      return "the database has migration \(migration) applied, which this build does not know: "
        + "it was made by a newer version; use that version or another database"
    case .failed:
      return "migration \(migration) failed and was rolled back: "
        + (underlying.map { "\($0.message) (\($0.codeDescription))" } ?? "unknown error")
    case .duplicateName:
      return "two migrations are named \(migration); migration names must be unique"
    case .noScript(let dialect):
      return "migration \(migration) has no \(dialect) script, so this feed cannot be stored in \(dialect)"
    }
  }

  /// Same kind, migration and underlying message.
  public static func == (lhs: MigrationError, rhs: MigrationError) -> Bool {
    lhs.kind == rhs.kind && lhs.migration == rhs.migration && lhs.underlying?.message == rhs.underlying?.message
  }
}
