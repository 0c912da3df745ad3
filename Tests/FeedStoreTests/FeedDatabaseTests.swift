import FeedStore
import Foundation
import SQLCore
import SQLiteCore
import Testing

@Suite struct FeedDatabaseTests {
  static let migrations = [
    Migration(name: "0001_note_create", sql: "CREATE TABLE note (id TEXT PRIMARY KEY, body TEXT NOT NULL);"),
    Migration(name: "0002_note_index", sql: "CREATE INDEX note_body ON note (body);"),
  ]
  static let date = Date(timeIntervalSince1970: 0)

  private func path() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("feeddb-\(UUID().uuidString)/store.sqlite").path
  }

  @Test func openingAMissingFileCreatesAndMigratesIt() throws {
    let store = try FeedDatabase.open(path: path(), migrations: Self.migrations) { Self.date }
    #expect(store.wasCreated)
    #expect(store.appliedMigrations == ["0001_note_create", "0002_note_index"])
    try store.database.execute("INSERT INTO note (id, body) VALUES (?, ?)", ["n1", "hello"])
  }

  @Test func openingAnExistingFileAppliesNothingAndKeepsItsData() throws {
    let path = path()
    let first = try FeedDatabase.open(path: path, migrations: Self.migrations) { Self.date }
    try first.database.execute("INSERT INTO note (id, body) VALUES (?, ?)", ["n1", "hello"])
    let second = try FeedDatabase.open(path: path, migrations: Self.migrations) { Self.date }
    #expect(!second.wasCreated)
    #expect(second.appliedMigrations == [])
    #expect(try second.database.queryOne("SELECT body FROM note") { try $0.string(at: 0) } == "hello")
  }

  @Test func aFileThatIsNotADatabaseIsADatabaseError() throws {
    let path = path()
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(String(repeating: "not sqlite ", count: 100).utf8).write(to: URL(fileURLWithPath: path))
    #expect {
      _ = try FeedDatabase.open(path: path, migrations: Self.migrations) { Self.date }
    } throws: { ($0 as? DatabaseError)?.isNotADatabase == true }
  }

  @Test func aDatabaseFromANewerBuildIsRefused() throws {
    let path = path()
    _ = try FeedDatabase.open(path: path, migrations: Self.migrations) { Self.date }
    #expect(throws: MigrationError(kind: .unknown, migration: "0002_note_index")) {
      _ = try FeedDatabase.open(path: path, migrations: [Self.migrations[0]]) { Self.date }
    }
  }
}
