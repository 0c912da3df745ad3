import FeedStore
import Foundation
import SQLiteCore
import Testing

@Suite struct BundledFilesTests {
  /// The package root, found from this file: Tests/FeedStoreTests/BundledFilesTests.swift.
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every non-hidden file under Migrations/ and Seeds/ on disk, by path relative to the package root.
  static func filesOnDisk() throws -> [String: Data] {
    var files: [String: Data] = [:]
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

  @Test func theBundleHoldsExactlyTheFilesOfMigrationsAndSeedsByteForByte() throws {
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

  @Test func bundledMigrationsAreTheSQLFilesNamedWithoutTheirExtension() throws {
    let onDisk = try Self.filesOnDisk().filter { $0.key.hasPrefix("Migrations/") && $0.key.hasSuffix(".sql") }
    let expected = onDisk.keys.map { String($0.dropFirst("Migrations/".count).dropLast(".sql".count)) }.sorted()
    #expect(BundledMigrations.all.map(\.name) == expected)
    for migration in BundledMigrations.all {
      let data = try #require(onDisk["Migrations/\(migration.name).sql"])
      #expect(Array(migration.sql.utf8) == Array(data), "\(migration.name) is not valid UTF-8")
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
