import FeedStore
import Foundation
import SQLCore
import StackfeedTestSupport
import Testing

@Suite struct BundledFilesTests {
  /// What the core's bundle compiles in: the core accounts' folders, the OpenAPI document and the icons, nothing of a kind's.
  static let corePaths = ["Migrations/account", "Seeds/account", "docs/openapi.json", "Icons"]

  @Test func theCoreBundleHoldsExactlyTheAccountsFilesAndTheOpenAPIDocumentByteForByte() throws {
    let onDisk = try RepositoryFiles.files(under: Self.corePaths)
    let bundled = Dictionary(uniqueKeysWithValues: BundledFiles.core.all.map { ($0.path, $0.data) })
    let hint = "run scripts/generate-bundle.sh"
    #expect(bundled.keys.sorted() == onDisk.keys.sorted(), "the core's bundled file list is stale: \(hint)")
    for (path, data) in onDisk {
      #expect(bundled[path] == data, "\(path) differs from its bundled copy: \(hint)")
    }
    #expect(onDisk.keys.contains("Seeds/account/profile.json") && onDisk.count > 6)
  }

  @Test func theBundleIsSortedByPath() {
    let paths = BundledFiles.core.all.map(\.path)
    #expect(paths == paths.sorted())
  }

  @Test func theCoreAccountsShipTheirTablesAndTheUserDefault() throws {
    let accounts = BundledFiles.accounts
    #expect(accounts.owner == "account")
    #expect(
      accounts.migrations.map(\.name) == [
        "0004_account_users", "0006_account_tokens", "0007_account_idempotency", "0009_account_changes",
        "0010_account_images",
        "0011_account_change_log",
        "0013_account_change_log_check",
      ])
    for migration in accounts.migrations {
      let files = try RepositoryFiles.files(under: [
        "Migrations/account/\(migration.name).sql", "Migrations/account/postgres/\(migration.name).sql",
      ])
      #expect(migration.sqlite.map { Data($0.utf8) } == files["Migrations/account/\(migration.name).sql"])
      #expect(migration.postgres.map { Data($0.utf8) } == files["Migrations/account/postgres/\(migration.name).sql"])
    }
    let images = [
      "flex", "functional-female", "functional-male", "hoodie", "must-have", "raise", "reset", "shorts", "top",
      "tshirt",
    ].map { "images/\($0).jpg" }
    #expect(accounts.seeds.keys.sorted() == ["images/LICENSE"] + images + ["profile.json"])
    let photos = try RepositoryFiles.files(under: ["Seeds/account/images"])
    for name in images { #expect(accounts.seeds[name] == photos["Seeds/account/\(name)"], "\(name) byte for byte") }
    #expect(String(decoding: try #require(accounts.seeds["profile.json"]), as: UTF8.self).contains("Russell"))
  }

  static let ownedFixture = BundledFiles(
    [
      ("Migrations/feed_item/0002_feed_item_create.sql", "CREATE TABLE a (x INTEGER) STRICT;"),
      ("Migrations/feed_item/0009_feed_item_sqlite_only.sql", "PRAGMA x;"),
      ("Migrations/feed_item/notes.txt", "not a migration"),
      ("Migrations/feed_item/postgres/0002_feed_item_create.sql", "CREATE TABLE a (x BIGINT);"),
      ("Migrations/feed_item/postgres/0010_feed_item_postgres_only.sql", "VACUUM;"),
      ("Migrations/feed_item/postgres/old/0001_feed_item_draft.sql", "-- deeper: not a script of the owner"),
      ("Migrations/order/0003_order_create.sql", "CREATE TABLE o (x TEXT) STRICT;"),
      ("Seeds/feed_item/feed_items.json", "[]"),
      ("Seeds/feed_item/drafts/more.json", "[]"),
      ("Seeds/order/orders.json", "[]"),
    ].map { BundledFile(path: $0, data: Data($1.utf8)) })

  @Test func anOwnersFilesAreItsFoldersMigrationsPerDialectAndItsSeedFiles() {
    let owned = Self.ownedFixture.owned(by: "feed_item")
    #expect(
      owned.migrations == [
        Migration(
          name: "0002_feed_item_create", sqlite: "CREATE TABLE a (x INTEGER) STRICT;",
          postgres: "CREATE TABLE a (x BIGINT);"),
        Migration(name: "0009_feed_item_sqlite_only", sqlite: "PRAGMA x;", postgres: nil),
        Migration(name: "0010_feed_item_postgres_only", sqlite: nil, postgres: "VACUUM;"),
      ])
    #expect(owned.seeds == ["feed_items.json": Data("[]".utf8)])
    #expect(Self.ownedFixture.owned(by: "order").migrations.map(\.name) == ["0003_order_create"])
    // A name that begins another owner's is not that owner.
    let feed = Self.ownedFixture.owned(by: "feed")
    #expect(feed.migrations.isEmpty && feed.seeds.isEmpty)
  }
}
