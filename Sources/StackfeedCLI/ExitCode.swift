import FeedPlugins
import FeedStore
import HTTPServer
import SQLCore
import StackRender

/// The sysexits codes `stackfeed` exits with.
public enum ExitCode {
  /// Success.
  public static let ok: Int32 = 0
  /// Bad usage: unknown command or option, bad option value, bad cursor or time zone.
  public static let usage: Int32 = 64
  /// Bad input data: seed files, layout JSON, a token id no token has.
  public static let dataError: Int32 = 65
  /// An input file or folder is missing.
  public static let noInput: Int32 = 66
  /// The user given (`--user`, `$STACKFEED_USER`, `token create --user`) is not in the database (sysexits
  /// `EX_NOUSER`).
  public static let noUser: Int32 = 67
  /// An internal error (a bug).
  public static let software: Int32 = 70
  /// A database or I/O error: locked beyond the busy timeout, read-only, corrupt, not a database, a database
  /// server that cannot be reached or refuses the credentials.
  public static let ioError: Int32 = 74

  /// The exit code and one-sentence message for an error a command threw; `nil` message: exit quietly.
  /// A database error names the `database` file when SQLite's message does not already.
  static func describe(_ error: any Error, database: String? = nil) -> (code: Int32, message: String?) {
    switch error {
    case is OutputClosed: return (ok, nil)
    case let error as UsageError: return (usage, error.description)
    case let error as FeedCursorError: return (usage, error.description)
    case let error as SeedError: return (dataError, error.description)
    case let error as StoreError: return (noInput, error.description)
    case let error as UnknownUser:
      return (noUser, "\(error)" + (database.map { " in \($0)" } ?? "") + " (stackfeed users lists them)")
    case let error as UnknownToken: return (dataError, error.description)
    case let error as ChangeLogGone: return (dataError, error.description)
    case let error as MigrationError:
      return (error.isBuildFault ? software : ioError, "database migration refused: \(error)")
    case let error as any SQLError:
      // libpq's messages run over several lines: one line here.
      let message = error.message.split(whereSeparator: \.isNewline).map { $0.trimmingPrefix(while: \.isWhitespace) }
        .joined(separator: " ")
      let place = database.map { message.contains($0) ? "" : ": \($0)" } ?? ""
      return (error.isMisuse ? software : ioError, "database error: \(message)\(place)")
    case let error as OutputError: return (ioError, error.description)
    case let error as RenderError: return (ioError, error.description)
    case let error as HTTPServerError: return (ioError, error.description)
    case let error as LayoutInputError: return (error.code, error.description)
    case let error as FileError: return (error.code, error.description)
    case let error as CustomStringConvertible: return (software, "internal error: \(error.description)")
    default: return (software, "internal error: \(error)")
    }
  }
}

extension MigrationError {
  /// The build itself cannot migrate (two migrations share a name, a plugin has no script for the database's
  /// engine): exit 70, not a fault of the database.
  fileprivate var isBuildFault: Bool {
    switch kind {
    case .duplicateName, .noScript: return true
    case .edited, .unknown, .failed: return false
    }
  }
}
