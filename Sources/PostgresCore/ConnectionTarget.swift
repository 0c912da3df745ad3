/// Where to connect and as whom, read from a `postgres://` / `postgresql://` URL or a libpq key=value string
/// (<https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING>).
///
/// The text is parsed here, once, into libpq's keywords (`host`, `port`, `dbname`, `user`, `password`, and any
/// other given as a URL query parameter or a key), so that a malformed one fails with a sentence naming its host
/// and the part that is wrong, never echoing a value that may be the password. libpq checks the keywords and
/// their values when connecting.
///
///     postgres://feed:secret@db.example:5432/stackfeed?sslmode=require&connect_timeout=5
///     postgresql:///stackfeed?host=/var/run/postgresql          (a Unix socket folder)
///     host=db.example port=5432 dbname=stackfeed user=feed password='s e c r e t'
public struct ConnectionTarget: Sendable, CustomStringConvertible {
  /// The libpq keyword/value pairs in the order given, password included (never printed).
  let parameters: [Parameter]

  /// One libpq keyword and its value.
  struct Parameter: Sendable, Equatable {
    let keyword: String
    let value: String
  }

  /// Parses a URL (`postgres://` or `postgresql://`) or a key=value connection string.
  public init(_ text: String) throws(PostgresError) {
    if let rest = ConnectionTarget.droppingScheme(text) {
      var parser = URLParser(rest)
      parameters = try parser.parse()
    } else {
      var parser = KeyValueParser(Array(text.utf8))
      parameters = try parser.parse()
    }
  }

  /// The value given for libpq keyword `keyword`, if any.
  func value(of keyword: String) -> String? {
    parameters.last { $0.keyword == keyword }?.value
  }

  /// The host(s) as given (a name, an address, a socket folder, or a comma-separated list), or nil for libpq's
  /// default (`$PGHOST`, else the local socket).
  public var host: String? { value(of: "host") ?? value(of: "hostaddr") }
  /// The port(s) as given, or nil for libpq's default (`$PGPORT`, else 5432).
  public var port: String? { value(of: "port") }
  /// The database as given, or nil for libpq's default (`$PGDATABASE`, else the user's name).
  public var database: String? { value(of: "dbname") }
  /// The user as given, or nil for libpq's default.
  public var user: String? { value(of: "user") }
  /// The password, when one is given (URL or `password=`).
  var password: String? { value(of: "password") }

  /// Which server, without the password: `host db.example port 5432 database stackfeed`, with `default` for
  /// the parts left to libpq.
  public var description: String {
    "host \(host ?? "default") port \(port ?? "default") database \(database ?? "default")"
  }

  /// The text after `postgres://` or `postgresql://` (case-insensitive scheme), or nil for another text.
  private static func droppingScheme(_ text: String) -> Substring? {
    for scheme in ["postgresql://", "postgres://"] where text.lowercased().hasPrefix(scheme) {
      return text.dropFirst(scheme.count)
    }
    return nil
  }
}
