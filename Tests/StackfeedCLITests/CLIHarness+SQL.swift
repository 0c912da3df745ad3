import SQLCore
import SQLiteCore

/// Looking into a database the commands wrote, in this process through SQLiteCore, the way the `sqlite3`
/// shell would show it; so the tests need no `sqlite3` program.
extension CLIHarness {
  /// The rows of one SQL statement as the `sqlite3` shell prints them: one line per row, columns joined by
  /// `|`, NULL as nothing, no newline after the last row. `.schema` gives every schema entry's SQL.
  func sqlite(_ database: String, _ sql: String) throws -> String {
    let statement = sql == ".schema" ? "SELECT sql || ';' FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid" : sql
    let rows = try Database(path: database).queryAll(statement) { row in
      row.values.map(\.shellText).joined(separator: "|")
    }
    return rows.joined(separator: "\n")
  }

  /// Runs SQL statements separated by `;` on the database.
  func execute(_ database: String, _ script: String) throws {
    try Database(path: database).executeScript(script)
  }

  /// Every schema entry and every table's rows, sorted: equal dumps mean equal databases.
  func dump(_ database: String) throws -> [String] {
    let db = try Database(path: database)
    let entries = try db.queryAll("SELECT type, name, sql FROM sqlite_schema ORDER BY name") { row in
      (type: try row.string(at: 0), name: try row.string(at: 1), sql: try row.optionalString(at: 2) ?? "")
    }
    var lines: [String] = []
    for entry in entries {
      lines.append(entry.sql)
      guard entry.type == "table" else { continue }
      let rows = try db.queryAll("SELECT * FROM \"\(entry.name)\"") { row in
        entry.name + ": " + row.values.map(\.shellText).joined(separator: "|")
      }
      lines += rows.sorted()
    }
    return lines
  }
}

extension SQLValue {
  /// The value as the `sqlite3` shell's list mode prints it.
  fileprivate var shellText: String {
    switch self {
    case .null: ""
    case .integer(let value): "\(value)"
    case .real(let value): "\(value)"
    case .text(let value): value
    case .blob(let bytes): "x'" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() + "'"
    }
  }
}
