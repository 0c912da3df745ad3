import BuiltInPlugins
import FeedPlugins
import FeedStore
import Foundation
import SQLCore
import StackfeedTestSupport
import Testing

/// Each built-in kind is a vertical slice that owns its files: `Migrations/<kind>/` and `Seeds/<kind>/`, compiled in
/// by BuiltInPlugins' own bundle target and registered through `RowPlugin.migrations` and `defaultSeeds` as a
/// third-party kind's are; the core's bundle holds the accounts' only (FeedStoreTests' `BundledFilesTests`).
@Suite struct BuiltInFilesTests {
  static let kinds = ["header", "feed_item", "order", "product"]

  @Test func theBuiltInBundleHoldsExactlyTheKindsFoldersByteForByte() throws {
    let onDisk = try RepositoryFiles.files(under: Self.kinds.flatMap { ["Migrations/\($0)", "Seeds/\($0)"] })
    let bundled = Dictionary(uniqueKeysWithValues: BuiltInFiles.bundle.all.map { ($0.path, $0.data) })
    let hint = "run scripts/generate-bundle.sh"
    #expect(bundled.keys.sorted() == onDisk.keys.sorted(), "the built-in kinds' bundled file list is stale: \(hint)")
    for (path, data) in onDisk {
      #expect(bundled[path] == data, "\(path) differs from its bundled copy: \(hint)")
    }
    #expect(BuiltInFiles.bundle.all.map(\.path) == BuiltInFiles.bundle.all.map(\.path).sorted())
  }

  /// Every file of `Migrations/` and `Seeds/` is in a folder of its owner (the core's `Icons/` in the core's bundle), the core accounts or a built-in kind,
  /// and is compiled into exactly one bundle, its owner's; a migration is named after its owner
  /// (`NNNN_<owner>_<what>.sql`, the contract's naming).
  @Test func everyFileOfMigrationsAndSeedsIsItsOwnersAndInItsOwnersBundleOnly() throws {
    #expect(try RepositoryFiles.owners() == [BundledFiles.accountsOwner] + Self.kinds.sorted())
    let core = Set(BundledFiles.core.all.map(\.path))
    let builtIn = Set(BuiltInFiles.bundle.all.map(\.path))
    #expect(core.isDisjoint(with: builtIn))
    let onDisk = try RepositoryFiles.files(under: ["Migrations", "Seeds", "Icons"])
    #expect(Set(onDisk.keys) == core.union(builtIn).subtracting(["docs/openapi.json"]))
    for path in onDisk.keys where path.hasPrefix("Migrations/") {
      let parts = path.split(separator: "/")
      let owner = parts[1]
      #expect(path.hasSuffix(".sql") && (parts.count == 3 || parts.count == 4 && parts[2] == "postgres"), "\(path)")
      let name = try Regex("^[0-9]{4}_\(owner)_[a-z0-9_]+\\.sql$")
      #expect(parts[parts.count - 1].contains(name), "\(path)")
    }
    #expect(
      core.allSatisfy {
        $0.hasPrefix("Migrations/account/") || $0.hasPrefix("Seeds/account/") || $0.hasPrefix("docs/")
          || $0.hasPrefix("Icons/")
      }
    )
  }

  @Test func eachBuiltInKindRegistersItsOwnFilesThroughThePluginAPI() throws {
    for plugin in PluginRegistry.builtInPlugins {
      let owned = BuiltInFiles.bundle.owned(by: plugin.kind)
      #expect(plugin.migrations == owned.migrations, "\(plugin.kind)")
      #expect(!plugin.migrations.isEmpty, "\(plugin.kind)")
      #expect(plugin.defaultSeeds == owned.seeds, "\(plugin.kind)")
      #expect(
        Set(plugin.defaultSeeds.keys).isSubset(of: plugin.seedFiles), "\(plugin.kind) ships a file it does not read")
    }
    #expect(BuiltInFiles.header.seeds.isEmpty)
    #expect(BuiltInFiles.feedItem.seeds.keys.sorted() == ["feed_items.json"])
    #expect(BuiltInFiles.order.seeds.keys.sorted() == ["orders.json"])
    #expect(BuiltInFiles.product.seeds.keys.sorted() == ["products.json"])
  }

  @Test func seedWithoutAFolderLoadsTheReferenceFeedFromEveryOwnersSeeds() throws {
    let folder = try PluginRegistry.builtIn().defaultSeedFolder
    #expect(folder.location == "bundled Seeds/")
    let onDisk = try RepositoryFiles.files(under: ["Seeds"])
    // A flat folder, and the images of an owner's images/ as images/NAME.
    let name = { (path: String) in path.split(separator: "/").dropFirst(2).joined(separator: "/") }
    #expect(folder.files.keys.sorted() == onDisk.keys.map(name).sorted())
    #expect(
      folder.files.keys.filter { !$0.hasPrefix("images/") }.sorted() == [
        "feed_items.json", "orders.json", "products.json", "profile.json",
      ])
    for (path, data) in onDisk {
      #expect(folder.files[name(path)] == data, "\(path)")
    }
  }

  /// The checksums databases made before recorded in `stackfeed_migrations` (the SQLite ones are `sha256sum
  /// Migrations/<owner>/*.sql`): moving a file into its owner's folder or between bundles must keep its name and
  /// bytes, or every existing feed would be refused as "edited" or "unknown" (`OldDatabaseTests` opens such
  /// databases).
  @Test(arguments: [
    (
      SQLDialect.sqlite,
      [
        "0001_header_profile": "1b04cf622d312b2117730045a64d2af8c8f61b6e7f644c36de6401625e153d4c",
        "0002_feed_item_create": "37b4ecc5d658ccd6e6bb9ccb1e1fe023ca7d896c4d0a3dbc893e51f7e864b821",
        "0003_order_create": "6ffc6bda3be70afd865da3413183415efc522ee79b1c3428f9d0933813fb8435",
        "0004_account_users": "83170dcea899afda8d6552c6d15ffad50d07ede5fd78526773de825842ce1cea",
        "0005_order_user": "8a2563375728d81282d55fe2f5bc9659c610f8329b5e4204ece0eee44f5a01a5",
        "0006_account_tokens": "1bb90270c8049c1c66d58aeb3ae092c1dfafb8dbea2eb6571225033f4d069bb1",
        "0007_account_idempotency": "d1aae03b15f4ae836c870af428296cb542e94ad874f1439351550e82c058dca1",
        "0008_header_users": "8c246ab224a77ef72020921e4489a9d933349ba88d1acd54fcb43705c7cca262",
        "0009_account_changes": "c0bec48df1af5be7bc1f08dc9076ae887d8b86fb57979ecbdae84e54a086a5b7",
        "0010_account_images": "d0655fa35f1d53a82d03367db94b8640ecd7fb20cfe1b7ec652123a3de1d3a62",
        "0011_account_change_log": "629c9f5ab18cec797ea7e165d5e376ef184a509ce116a5974a3dbf2db436f006",
        "0012_product_search": "77fcc55e87fb9e3b354c9b56991a79e28369cabcb0421b608c55f88fe90e2384",
        "0013_account_change_log_check": "b5efe5b310fcc92649a5ef64521fab9c9149edfdc015ba93fff7374521949b1b",
      ]
    ),
    (
      .postgres,
      [
        "0001_header_profile": "917f3b134f83369484f03da1d42cdf2eeb98fff80a37328f7daf023e9dc0577d",
        "0002_feed_item_create": "3ef39abd5a50b76e1f3282723fc99f49af34036c0f9bf0a97489b4fa8afb120a",
        "0003_order_create": "e6399e9cdc8cd7c3abb57788459aa6cf62145f4ecbb0255f1f9c027ebb4a0e56",
        "0004_account_users": "2401c3b2e35300c49528e1869d4a4e94cbfd9de317fa06d386353e270ed731ea",
        "0005_order_user": "5e04148d02418390f276afc2ed8c6c187fe8a668bd14a4a303cb02c3db95c8ec",
        "0006_account_tokens": "0e56f3f7f6239d396d7c10a885d8d5e350fae9c63360cf3102bc739a54a02b3f",
        "0007_account_idempotency": "5b9189ed4a0e2174c0860d7195d9c2d01619696300f576406b986b8b6cd464eb",
        "0008_header_users": "85f8f5ad7e6acea0216b722726c24dcaedf3b928fdd83398695712f600aaa273",
        "0009_account_changes": "2108743faba0c199be497d665f3dddcaf238330de60e0f678ea9b18b5281c3e4",
        "0010_account_images": "6a3e4c31cd0bc6673468984d958288e106cf9bc3186fe8205782678160f2ad7a",
        "0011_account_change_log": "2a5ca773fc2edfdbacae59fa79ee58b5f5a7238dc192de7fee4adb1277f0edbb",
        "0012_product_search": "75f8695d5950cc34749d78b1030b899b8677021ee30fffc98832bb7f1f32ee63",
        "0013_account_change_log_check": "0a791ee9cc8512c3be86a7cee072cbb8bc64462588142348b0194e760206773b",
      ]
    ),
  ])
  func theShippedMigrationsKeepTheirNamesAndChecksums(dialect: SQLDialect, shipped: [String: String]) throws {
    let migrations = try PluginRegistry.builtIn().migrations
    let checksums = Dictionary(
      uniqueKeysWithValues: migrations.compactMap { migration in
        migration.checksum(for: dialect).map { (migration.name, $0) }
      })
    #expect(migrations.map(\.name) == shipped.keys.sorted())
    #expect(checksums == shipped)
  }
}
