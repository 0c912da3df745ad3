import Foundation
import StackfeedTestSupport
import Testing

/// Issue 6, item 5: hostile database files give one clear error and exit 74, never a crash and never a
/// silent rewrite (the file's bytes, and its `-wal`/`-shm` companions, stay as they were). The migrator's rules
/// (a newer database, an edited migration) hold on PostgreSQL too.
@Suite struct ReliabilityFileTests {
  static let commands: [[String]] = [["list"], ["migrate"], ["seed"], ["seed", "--generate", "5"]]

  /// A seeded database at `name`, as bytes.
  static func seeded(_ cli: CLIHarness, _ name: String = "good.sqlite") throws -> Data {
    let path = cli.path(name)
    #expect(try cli.run(["seed", "--db", path]).code == 0)
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// What a refused command must leave as it was: the bytes of a SQLite database's files (with `-wal` and
  /// `-shm`), or everything in a PostgreSQL database.
  static func contents(_ cli: CLIHarness, _ database: TestDatabase) throws -> [String] {
    guard database.backend == .sqlite else { return try database.dump() }
    return try cli.fingerprint(database.argument).sorted { $0.key < $1.key }.map {
      "\($0.key): \($0.value.base64EncodedString())"
    }
  }

  /// Runs every command on `path`; each must exit `code`, say `message` once (a prefix when it ends in `…`),
  /// and leave the database (a file and its companions byte for byte) as it was.
  static func expectRefusal(_ cli: CLIHarness, _ path: String, code: Int32, _ message: String) throws {
    let database = TestDatabase(path)
    let before = try contents(cli, database)
    for command in commands {
      let result = try cli.run(command + ["--db", path])
      #expect(result.endedNormally)
      #expect(result.code == code, "\(command): \(result.stderr)")
      #expect(result.saysOnce(message), "\(command): \(result.stderr)")
      #expect(result.stdout.isEmpty, "\(command)")
      #expect(try contents(cli, database) == before, "\(command) changed the database")
    }
  }

  @Test(arguments: [
    Data("not a database at all, just text\n".utf8),
    Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) }),
    Data("SQLite format 3\0".utf8) + Data(repeating: 0xFF, count: 4080),
  ])
  func aFileThatIsNotSQLiteExits74Untouched(bytes: Data) throws {
    let cli = try CLIHarness()
    let path = cli.path("junk.sqlite")
    try bytes.write(to: URL(fileURLWithPath: path))
    try Self.expectRefusal(cli, path, code: 74, "database error: …")
  }

  @Test(arguments: [100, 4096, 8192, 12288, 30000])
  func aTruncatedDatabaseExits74Untouched(length: Int) throws {
    let cli = try CLIHarness()
    let whole = try Self.seeded(cli)
    #expect(whole.count > 30000)
    let path = cli.path("cut.sqlite")
    try whole.prefix(length).write(to: URL(fileURLWithPath: path))
    try Self.expectRefusal(cli, path, code: 74, "database error: database disk image is malformed: \(path)")
  }

  @Test(arguments: Backend.available)
  func aDatabaseFromANewerStackfeedExits74Untouched(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    try database.execute("INSERT INTO stackfeed_migrations VALUES ('9001_banner_create', 'ab', '2030-01-01T00:00:00Z')")
    try Self.expectRefusal(
      cli, database.argument, code: 74,
      "database migration refused: the database has migration 9001_banner_create applied, which this build does "
        + "not know: it was made by a newer version; use that version or another database")
  }

  @Test(arguments: Backend.available)
  func aDatabaseWhoseShippedMigrationWasEditedExits74Untouched(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    try database.execute("UPDATE stackfeed_migrations SET checksum = 'edited' WHERE name = '0002_feed_item_create'")
    try Self.expectRefusal(
      cli, database.argument, code: 74,
      "database migration refused: migration 0002_feed_item_create was changed after it was applied to this "
        + "database; a shipped migration must never be edited (add a new one instead)")
  }

  @Test(.requires(CLIHarness.canHonourFileModes, "needs a non-root user or setpriv to make a file read-only"))
  func aReadOnlyDatabaseListsButRefusesWritesWith74() throws {
    let cli = try CLIHarness()
    _ = try Self.seeded(cli)
    let path = cli.path("good.sqlite")
    let expected = try cli.run(["list", "--db", path, "--format", "json"]).stdout
    try cli.setMode(0o444, of: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let listed = try cli.runHonouringFileModes(["list", "--db", path, "--format", "json"])
    #expect(listed.code == 0)
    #expect(listed.stdout == expected)
    for command in [["seed"], ["seed", "--generate", "5"], ["seed", "--reset"]] {
      let result = try cli.runHonouringFileModes(command + ["--db", path])
      #expect(result.code == 74, "\(command): \(result.stderr)")
      #expect(result.saysOnce("database error: attempt to write a readonly database: \(path)"), "\(result.stderr)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test(.requires(CLIHarness.canHonourFileModes, "needs a non-root user or setpriv to make a folder read-only"))
  func aDatabaseInAReadOnlyFolderExits74Untouched() throws {
    let cli = try CLIHarness()
    let folder = cli.path("locked")
    let path = folder + "/feed.sqlite"
    #expect(try cli.run(["seed", "--db", path]).code == 0)
    let before = try cli.fingerprint(path)
    try cli.setMode(0o555, of: folder)
    defer { try? cli.setMode(0o755, of: folder) }
    for command in Self.commands {
      let result = try cli.runHonouringFileModes(command + ["--db", path])
      #expect(result.code == 74, "\(command): \(result.stderr)")
      #expect(result.saysOnce("database error: attempt to write a readonly database: \(path)"), "\(result.stderr)")
    }
    let created = try cli.runHonouringFileModes(["seed", "--db", folder + "/new.sqlite"])
    #expect(created.code == 74)
    #expect(created.saysOnce("database error: unable to open database file: \(folder)/new.sqlite"), "\(created.stderr)")
    #expect(try cli.fingerprint(path) == before)
    #expect(!FileManager.default.fileExists(atPath: folder + "/new.sqlite"))
  }

  @Test(arguments: ["with spaces/my feed.sqlite", "ünïcødé/フィード 🙂.sqlite", "-dash/'quote\" $x.sqlite"])
  func databasePathsWithSpacesAndUnicodeWork(name: String) throws {
    let cli = try CLIHarness()
    let path = cli.path(name)
    #expect(try cli.run(["seed", "--db", path]).code == 0)
    #expect(FileManager.default.fileExists(atPath: path))
    let listed = try cli.run(["list", "--db", path, "--format", "json", "--time-zone", "UTC"])
    #expect(listed.stdout == ListCommandTests.referenceJSON)
    let migrated = try cli.run(["--db", path, "migrate"])
    #expect(migrated.stdout == "\(path) is up to date\n")
    cli.environment["STACKFEED_DB"] = path
    #expect(try cli.run(["list", "--format", "json", "--time-zone", "UTC"]).stdout == ListCommandTests.referenceJSON)
  }
}
