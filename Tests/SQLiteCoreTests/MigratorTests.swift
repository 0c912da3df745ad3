import Foundation
import SQLiteCore
import Synchronization
import Testing

@testable import SQLCore

@Suite struct MigratorTests {
  static let createItem = Migration(name: "0001_item_create", sql: "CREATE TABLE item (id TEXT PRIMARY KEY);")
  static let addTitle = Migration(name: "0002_item_title", sql: "ALTER TABLE item ADD COLUMN title TEXT;")
  /// What the migrator records in `applied_at` (the store formats the current date so).
  static let fixedStamp = "2024-01-02T03:04:05Z"

  private func tables(_ db: Database) throws -> [String] {
    try db.queryAll("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { try $0.string(at: 0) }
  }

  @Test func aFreshDatabaseGetsEveryMigrationInNameOrder() throws {
    let db = try Database.inMemory()
    let applied = try Migrator(migrations: [Self.addTitle, Self.createItem]).migrate(db) { Self.fixedStamp }
    #expect(applied == ["0001_item_create", "0002_item_title"])
    try db.execute("INSERT INTO item (id, title) VALUES ('a', 'b')")
    let records = try Migrator(migrations: []).appliedMigrations(in: db)
    #expect(records.map(\.name) == ["0001_item_create", "0002_item_title"])
    #expect(records.map(\.appliedAt) == ["2024-01-02T03:04:05Z", "2024-01-02T03:04:05Z"])
    #expect(records.first?.checksum == Self.createItem.checksum(for: .sqlite))
  }

  @Test func runningAgainAppliesNothingAndChangesNothing() throws {
    let db = try Database.inMemory()
    let migrator = Migrator(migrations: [Self.createItem, Self.addTitle])
    _ = try migrator.migrate(db) { Self.fixedStamp }
    let before = try migrator.appliedMigrations(in: db)
    #expect(try migrator.migrate(db) { "1970-01-01T00:00:00Z" } == [])
    #expect(try migrator.appliedMigrations(in: db) == before)
    #expect(try migrator.pendingMigrations(in: db) == [])
  }

  @Test func aNewMigrationIsAppliedOnTopOfOlderOnes() throws {
    let db = try Database.inMemory()
    _ = try Migrator(migrations: [Self.createItem]).migrate(db) { Self.fixedStamp }
    let migrator = Migrator(migrations: [Self.createItem, Self.addTitle])
    #expect(try migrator.pendingMigrations(in: db) == ["0002_item_title"])
    #expect(try migrator.migrate(db) { Self.fixedStamp } == ["0002_item_title"])
  }

  @Test func aMigrationEditedAfterItWasAppliedIsRefused() throws {
    let db = try Database.inMemory()
    _ = try Migrator(migrations: [Self.createItem]).migrate(db) { Self.fixedStamp }
    let edited = Migration(name: "0001_item_create", sql: "CREATE TABLE item (id TEXT PRIMARY KEY, x);")
    #expect(throws: MigrationError(kind: .edited, migration: "0001_item_create")) {
      try Migrator(migrations: [edited, Self.addTitle]).migrate(db) { Self.fixedStamp }
    }
    #expect(try tables(db) == ["item", "stackfeed_migrations"])
    #expect(try db.queryOne("SELECT count(*) FROM pragma_table_info('item')") { try $0.int(at: 0) } == 1)
  }

  @Test func aDatabaseWithAMigrationThisBuildDoesNotKnowIsRefused() throws {
    let db = try Database.inMemory()
    _ = try Migrator(migrations: [Self.createItem, Self.addTitle]).migrate(db) { Self.fixedStamp }
    let error = #expect(throws: MigrationError.self) {
      try Migrator(migrations: [Self.createItem]).migrate(db) { Self.fixedStamp }
    }
    #expect(error?.kind == .unknown)
    #expect(error?.description.contains("0002_item_title") == true)
  }

  @Test func aFailingMigrationRollsBackCompletelyAndEarlierOnesStay() throws {
    let db = try Database.inMemory()
    let broken = Migration(name: "0002_broken", sql: "CREATE TABLE half (x); INSERT INTO nowhere VALUES (1);")
    let error = #expect(throws: MigrationError.self) {
      try Migrator(migrations: [Self.createItem, broken]).migrate(db) { Self.fixedStamp }
    }
    #expect(error?.kind == .failed)
    #expect(error?.migration == "0002_broken")
    #expect(error?.underlying?.message == "no such table: nowhere")
    #expect(try tables(db) == ["item", "stackfeed_migrations"])
    #expect(try Migrator(migrations: []).appliedMigrations(in: db).map(\.name) == ["0001_item_create"])
  }

  @Test func twoMigrationsWithOneNameAreRefused() throws {
    let twin = Migration(name: "0001_item_create", sql: "CREATE TABLE other (x);")
    #expect(throws: MigrationError(kind: .duplicateName, migration: "0001_item_create")) {
      try Migrator(migrations: [Self.createItem, twin]).migrate(Database.inMemory()) { Self.fixedStamp }
    }
  }

  @Test func aMigrationWithoutASQLiteScriptIsRefusedByName() {
    let postgresOnly = Migration(name: "0003_pg_only", sqlite: nil, postgres: "CREATE TABLE t (x BIGINT);")
    #expect(throws: MigrationError.self) {
      try Migrator(migrations: [Self.createItem, postgresOnly]).migrate(Database.inMemory()) { Self.fixedStamp }
    }
  }

  @Test func connectionsMigratingOneFreshFileAtOnceApplyEachMigrationOnce() throws {
    let path = try TemporaryFolder().path("store.sqlite")
    let migrations = (1...5).map { Migration(name: String(format: "%04d_t", $0), sql: "CREATE TABLE t\($0) (x);") }
    let applied = Mutex<[String]>([])
    let failures = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      do {
        let names = try Migrator(migrations: migrations).migrate(Database(path: path)) { Self.fixedStamp }
        applied.withLock { $0 += names }
      } catch {
        failures.withLock { $0.append("\(error)") }
      }
    }
    #expect(failures.withLock { $0 } == [])
    #expect(applied.withLock { $0 }.sorted() == migrations.map(\.name))
    #expect(try Migrator(migrations: migrations).pendingMigrations(in: Database(path: path)) == [])
  }
}
