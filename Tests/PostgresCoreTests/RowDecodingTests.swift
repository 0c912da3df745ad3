import Foundation
import PostgresCore
import SQLCore
import StackfeedTestSupport
import Testing

/// The edges of reading values straight from libpq's result buffers (`Row`: one call per value, column types
/// read once per result) and of laying arguments out for libpq (`Parameters`).
@Suite(needsPostgres) struct RowDecodingTests {
  @Test(arguments: [
    ("SELECT ''::text", SQLValue.text("")), ("SELECT NULL::text", .null),
    ("SELECT 'héllo, wörld ✓ 😀'::text", .text("héllo, wörld ✓ 😀")),
    ("SELECT repeat('long text ', 40)", .text(String(repeating: "long text ", count: 40))),
    ("SELECT 'line\nbreak\ttab'::varchar", .text("line\nbreak\ttab")),
  ])
  func textReadsAsWritten(_ sql: String, _ expected: SQLValue) throws {
    let (db, _) = try freshDatabase()
    let text: String? = if case .text(let text) = expected { text } else { nil }
    #expect(try db.queryOne(sql) { try $0.optionalString(at: 0) } == text)
    #expect(try db.queryOne(sql) { $0.value(at: 0) } == expected)
  }

  @Test(arguments: [
    ("SELECT 9223372036854775807::bigint", Int64.max), ("SELECT (-9223372036854775807 - 1)::bigint", .min),
    ("SELECT -1::bigint", -1), ("SELECT 0::bigint", 0), ("SELECT -42::integer", -42),
    ("SELECT (-32768)::smallint", -32768), ("SELECT 2147483647::integer", 2_147_483_647),
    ("SELECT 12345678901234::numeric", 12_345_678_901_234), ("SELECT true", 1), ("SELECT false", 0),
  ])
  func integersParseStraightFromTheirText(_ sql: String, _ expected: Int64) throws {
    let (db, _) = try freshDatabase()
    #expect(try db.queryOne(sql) { try $0.int64(at: 0) } == expected)
    #expect(try db.queryOne(sql) { $0.value(at: 0) } == .integer(expected))
  }

  @Test func integerAccessorsRefuseWhatIsNotAnInteger() throws {
    let (db, _) = try freshDatabase()
    let refused = [
      "SELECT '12'::text AS n", "SELECT 2.5::numeric AS n", "SELECT 9223372036854775808::numeric AS n",
      "SELECT 1.0::float8 AS n", "SELECT '\\x01'::bytea AS n",
    ]
    for sql in refused {
      #expect {
        _ = try db.queryOne(sql) { try $0.int64(at: 0) }
      } throws: { error in
        (error as? PostgresError)?.isMismatch == true && "\(error)".contains("expected INTEGER")
      }
    }
    #expect(try db.queryOne("SELECT NULL::bigint") { try $0.optionalInt64(at: 0) } == .some(nil))
    #expect(throws: PostgresError.self) { _ = try db.queryOne("SELECT NULL::bigint") { try $0.int64(at: 0) } }
  }

  @Test func invalidUTF8FromTheServerIsRepairedNotTrusted() throws {
    // A SQL_ASCII database stores any bytes and sends them unconverted: the one way a server hands out text that
    // is not UTF-8. Each invalid byte reads as U+FFFD, as the SQLite backend does.
    let cluster = try PostgresCluster.shared()
    let name = "ascii_\(UUID().uuidString.prefix(8).lowercased())"
    try Connection(cluster.url()).executeScript(
      "CREATE DATABASE \(name) ENCODING 'SQL_ASCII' TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'")
    let db = try Connection(cluster.url(database: name))
    #expect(try db.queryOne(#"SELECT E'a\377b\303'::text"#) { try $0.string(at: 0) } == "a\u{FFFD}b\u{FFFD}")
    #expect(try db.queryOne(#"SELECT E'\303\251t\303\251'::text"#) { try $0.string(at: 0) } == "été")
  }

  @Test func argumentsOfEveryKindArriveAsSent() throws {
    let (db, _) = try freshDatabase()
    let sql = "SELECT $1::text, $2::bigint, $3::text, $4::bigint, $5::float8, $6::text"
    let textOnly: [SQLValue] = [.text(""), .integer(.min), nil, .integer(.max), .real(-0.5), .text("ü ✓")]
    #expect(try db.queryOne(sql, textOnly) { $0.values } == textOnly)
    // A blob among them: lengths and formats are sent too.
    let withBlob = "SELECT $1::bytea, $2::text, $3::bytea, $4::text"
    let mixed: [SQLValue] = [.blob([]), .text("after an empty blob"), .blob([0, 0xFF]), nil]
    #expect(try db.queryOne(withBlob, mixed) { $0.values } == mixed)
    #expect(try db.queryOne("SELECT 1") { try $0.int(at: 0) } == 1)
  }

  @Test func columnTypesAreReadForEachResultOfAStatement() throws {
    let (db, _) = try freshDatabase()
    try db.executeScript(
      """
      CREATE TABLE item (id text, position bigint);
      INSERT INTO item SELECT 'i' || n, n FROM generate_series(1, 50) n
      """)
    // Streamed (one result per row) and whole, with another statement of other column types in between.
    var streamed: [String] = []
    try db.query("SELECT id, position FROM item ORDER BY position") { row in
      streamed.append("\(try row.string(at: 0))=\(try row.int64(at: 1))")
    }
    #expect(streamed == (1...50).map { "i\($0)=\($0)" })
    #expect(try db.queryOne("SELECT position, id FROM item WHERE position = 7") { $0.values } == [7, "i7"])
    let whole = try db.queryAll("SELECT id, position FROM item ORDER BY position LIMIT 3") { $0.values }
    #expect(whole == [["i1", 1], ["i2", 2], ["i3", 3]])
    let sameSQL = try db.queryAll("SELECT id, position FROM item ORDER BY position LIMIT 3") { $0.count }
    #expect(sameSQL == [2, 2, 2])
  }
}
