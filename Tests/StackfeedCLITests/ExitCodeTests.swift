import FeedPlugins
import FeedStore
import SQLCore
import SQLiteCore
import Testing

@testable import StackfeedCLI

/// Every error domain maps to its sysexits code (contract.md) with one message; codes the CLI tests cannot
/// provoke from outside (70) are pinned here.
@Suite struct ExitCodeTests {
  struct Unexpected: Error {}

  static let cases: [(name: String, error: any Error, code: Int32, message: String)] = [
    ("usage", UsageError("unknown option --limt"), 64, "unknown option --limt"),
    (
      "seed data", SeedError(file: "orders.json", record: 0, id: "o1", field: "status", problem: "missing"), 65,
      #"orders.json: record 0 (id "o1"): field "status": missing"#
    ),
    ("missing database", StoreError(path: "/x.sqlite", problem: "no database here"), 66, "/x.sqlite: no database here"),
    ("missing file", FileError.missing("/in.json", "file"), 66, "/in.json: no such file"),
    (
      "failed write", FileError.io("/out.svg", "write", errno: 28), 74,
      "/out.svg: cannot write: No space left on device"
    ),
    ("failed output", OutputError(code: 5), 74, "cannot write the output: Input/output error"),
    ("unknown errno", FileError.io("/x", "read", errno: 9999), 74, "/x: cannot read: Unknown error 9999"),
    ("locked", DatabaseError(code: 5, message: "database is locked"), 74, "database error: database is locked: /db"),
    (
      "refused migration", MigrationError(kind: .unknown, migration: "9999_x"), 74,
      "database migration refused: the database has migration 9999_x"
    ),
    ("misuse", DatabaseError(code: 21, message: "bad parameter or other API misuse"), 70, "database error: bad"),
    (
      "duplicate migration name", MigrationError(kind: .duplicateName, migration: "0001_a"), 70,
      "database migration refused:"
    ),
    ("anything else", Unexpected(), 70, "internal error: "),
  ]

  @Test(arguments: cases.indices)
  func eachErrorDomainHasItsExitCodeAndOneMessage(index: Int) {
    let row = Self.cases[index]
    let (code, message) = ExitCode.describe(row.error, database: "/db")
    #expect(code == row.code, "\(row.name)")
    #expect(message?.hasPrefix(row.message) == true, "\(row.name): \(message ?? "nil")")
    #expect(message?.contains("\n") == false, "\(row.name)")
  }

  @Test func aClosedPipeExitsZeroWithoutAMessage() {
    let (code, message) = ExitCode.describe(OutputClosed())
    #expect(code == 0)
    #expect(message == nil)
  }
}
