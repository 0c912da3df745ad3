import FeedStore
import Foundation
import SQLCore
import SQLiteCore
import Testing

@Suite struct BundledFilesTests {
  /// The package root, found from this file: Tests/FeedStoreTests/BundledFilesTests.swift.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every non-hidden file under Migrations/ and Seeds/ on disk, and docs/openapi.json, by path relative to the
  /// package root.
  static func filesOnDisk() throws -> [String: Data] {
    var files = ["docs/openapi.json": try Data(contentsOf: packageRoot.appendingPathComponent("docs/openapi.json"))]
    for folder in ["Migrations", "Seeds"] {
      let url = packageRoot.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
      for case let relative as String in walker {
        let file = url.appendingPathComponent(relative)
        var isFolder: ObjCBool = false
        let hidden = relative.split(separator: "/").contains { $0.hasPrefix(".") }
        guard !hidden, FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue
        else { continue }
        files["\(folder)/\(relative)"] = try Data(contentsOf: file)
      }
    }
    return files
  }

  @Test func theBundleHoldsExactlyTheFilesOfMigrationsAndSeedsAndTheOpenAPIDocumentByteForByte() throws {
    let onDisk = try Self.filesOnDisk()
    let bundled = Dictionary(uniqueKeysWithValues: BundledFiles.all.map { ($0.path, $0.data) })
    let hint = "run scripts/generate-bundle.sh"
    #expect(bundled.keys.sorted() == onDisk.keys.sorted(), "the bundled file list is stale: \(hint)")
    for (path, data) in onDisk {
      #expect(bundled[path] == data, "\(path) differs from its bundled copy: \(hint)")
    }
  }

  @Test func theBundleIsSortedByPath() {
    let paths = BundledFiles.all.map(\.path)
    #expect(paths == paths.sorted())
  }

  @Test func theBundledSeedsAreTheReferenceScreen() throws {
    let profile = try #require(SeedFolder.bundled.files["profile.json"])
    #expect(String(decoding: profile, as: UTF8.self).contains("Russell"))
    #expect(Set(SeedFolder.bundled.files.keys).isSuperset(of: ["feed_items.json", "orders.json", "products.json"]))
  }

  @Test(arguments: [(SQLDialect.sqlite, "Migrations/"), (.postgres, "Migrations/postgres/")])
  func bundledMigrationsAreTheSQLFilesOfTheirDialectsFolderNamedWithoutTheirExtension(
    dialect: SQLDialect, folder: String
  ) throws {
    let onDisk = try Self.filesOnDisk().filter { path, _ in
      path.hasPrefix(folder) && path.hasSuffix(".sql") && !path.dropFirst(folder.count).contains("/")
    }
    let expected = onDisk.keys.map { String($0.dropFirst(folder.count).dropLast(".sql".count)) }.sorted()
    #expect(!expected.isEmpty)
    #expect(BundledMigrations.all.filter { $0.sql(for: dialect) != nil }.map(\.name) == expected)
    for migration in BundledMigrations.all {
      let data = try #require(onDisk[folder + migration.name + ".sql"])
      let script = try #require(migration.sql(for: dialect))
      #expect(Array(script.utf8) == Array(data), "\(migration.name) is not valid UTF-8")
    }
  }

  /// Existing database files recorded these checksums (`sha256sum Migrations/*.sql`): they must never change, or
  /// every feed made before would be refused as "edited".
  @Test func theSQLiteChecksumsOfTheShippedMigrationsNeverChange() {
    let shipped = [
      "0001_header_profile": "1b04cf622d312b2117730045a64d2af8c8f61b6e7f644c36de6401625e153d4c",
      "0002_feed_item_create": "37b4ecc5d658ccd6e6bb9ccb1e1fe023ca7d896c4d0a3dbc893e51f7e864b821",
      "0003_order_create": "6ffc6bda3be70afd865da3413183415efc522ee79b1c3428f9d0933813fb8435",
    ]
    let bundled = Dictionary(uniqueKeysWithValues: BundledMigrations.all.map { ($0.name, $0.checksum(for: .sqlite)) })
    for (name, checksum) in shipped {
      #expect(bundled[name] == checksum, "\(name)")
    }
  }

  @Test(arguments: [
    ("feed_item", ["0001_feed_item_create", "0004_feed_item_index"]),
    ("order", ["0003_order_create"]),
    ("header", []),
  ])
  func aKindsMigrationsAreTheFilesNamedAfterIt(kind: String, expected: [String]) {
    let migrations = ["0004_feed_item_index", "0001_feed_item_create", "0002_profile_create", "0003_order_create"]
      .map { Migration(name: $0, sql: "") }
    #expect(BundledMigrations.forKind(kind, in: migrations.sorted { $0.name < $1.name }).map(\.name) == expected)
  }
}
