import BuiltInPlugins
import FeedPlugins
import FeedStore
import SQLCore
import SQLiteCore
import StackLayout
import Testing

/// A row kind with nothing but the parts a registry checks.
struct StubPlugin: RowPlugin {
  var kind: String
  var placement = RowPlacement.trailing
  var migrationNames: [String] = []
  var seedFiles: [String] = []
  var migrations: [Migration] { migrationNames.map { Migration(name: $0, sql: "SELECT 1") } }

  func validateSeed(_ files: SeedFiles) throws(SeedError) -> Int? { nil }
  func writeSeed(_ seed: Int, to db: StoreConnection) throws {}
  func deleteAll(in db: StoreConnection) throws {}
  func loadModels(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext,
    _ body: (Int64, Int) throws -> Void
  ) throws {}
  func viewModel(for model: Int, context: RowContext) -> Int { model }
  func row(for viewModel: Int) -> FeedRow { FeedRow(kind: kind, id: "\(viewModel)", texts: [], viewModel: viewModel) }
  func card(for viewModel: Int) -> LayoutNode { Spacer(h: 1).node }
}

@Suite struct PluginRegistryTests {
  @Test func theBuiltInKindsFitTogether() throws {
    let registry = try PluginRegistry(PluginRegistry.builtInPlugins)
    #expect(registry.plugins.map(\.kind) == ["header", "feed_item", "product", "order"])
    #expect(try PluginRegistry.builtIn().plugins.map(\.kind) == ["header", "feed_item", "product", "order"])
    #expect(
      registry.migrations.map(\.name) == [
        "0001_header_profile", "0002_feed_item_create", "0003_order_create", "0004_account_users", "0005_order_user",
        "0006_account_tokens", "0007_account_idempotency", "0008_header_users", "0009_account_changes",
        "0010_account_images",
        "0011_account_change_log",
        "0012_product_search",
        "0013_account_change_log_check",
      ])
  }

  @Test(arguments: [
    (
      [StubPlugin(kind: "banner"), StubPlugin(kind: "banner")],
      #"two row plugins have the kind "banner""#
    ),
    (
      [StubPlugin(kind: "order"), StubPlugin(kind: "order_note")],
      #"the row kinds "order" and "order_note" are ambiguous: a migration named NNNN_order_note_… could belong "#
        + #"to either (a kind may not be another kind followed by "_")"#
    ),
    (
      [StubPlugin(kind: "a", migrationNames: ["0009_a_x"]), StubPlugin(kind: "b", migrationNames: ["0009_a_x"])],
      #"the row kinds "a" and "b" both have a migration named 0009_a_x"#
    ),
    (
      [StubPlugin(kind: "a", seedFiles: ["x.json"]), StubPlugin(kind: "b", seedFiles: ["x.json"])],
      "two row plugins read the seed file x.json"
    ),
    (
      [StubPlugin(kind: "a", placement: .stream), StubPlugin(kind: "b", placement: .stream)],
      #"the row kinds "a" and "b" both have the stream placement (at most one may)"#
    ),
    (
      [StubPlugin(kind: "a:b")],
      #"the row kind "a:b" is not a name (letters, digits, "_" and "-" only)"#
    ),
    ([StubPlugin(kind: "")], #"the row kind "" is not a name (letters, digits, "_" and "-" only)"#),
    (
      [StubPlugin(kind: "account")],
      #"the row kind "account" is reserved: "account" names the core accounts' migrations (NNNN_account_…)"#
    ),
    (
      [StubPlugin(kind: "account_notes")],
      #"the row kind "account_notes" is reserved: "account" names the core accounts' migrations (NNNN_account_…)"#
    ),
    (
      [StubPlugin(kind: "people", seedFiles: ["users.json"])],
      #"the row kind "people" reads the seed file users.json, which is the core users' own"#
    ),
  ])
  func registriesRefusePluginsThatCannotWorkTogether(plugins: [StubPlugin], message: String) {
    let error = #expect(throws: PluginRegistryError.self) { try PluginRegistry(plugins) }
    #expect(error?.description == message)
  }

  @Test func everyRegistryHasTheAccountMigrationsAndTheUsersSeedFiles() throws {
    let registry = try PluginRegistry([StubPlugin(kind: "banner", migrationNames: ["9001_banner_create"])])
    #expect(
      registry.migrations.map(\.name) == BundledFiles.accounts.migrations.map(\.name) + ["9001_banner_create"])
    #expect(registry.migrations.map(\.name).first == "0004_account_users")
    #expect(registry.seedFiles == ["users.json", "profile.json"])
  }

  @Test func kindsThatShareOnlyAPrefixWithoutUnderscoreAreFine() throws {
    let registry = try PluginRegistry([StubPlugin(kind: "order"), StubPlugin(kind: "orders"), StubPlugin(kind: "b-a")])
    #expect(registry.plugins.count == 3)
  }

  @Test func aBuiltInKindCannotBeAddedTwice() {
    let error = #expect(throws: PluginRegistryError.self) { try PluginRegistry.builtIn().adding(HeaderPlugin()) }
    #expect(error?.description == #"two row plugins have the kind "header""#)
  }

  @Test func theStreamKindGeneratesByDefaultAndOtherKindsOnlyWhenTheyCan() throws {
    #expect(try PluginRegistry.builtIn().generator(kind: nil).kind == "feed_item")
    #expect(try PluginRegistry.builtIn().generator(kind: "feed_item").generatedRowsName == "feed items")
    let order = #expect(throws: PluginRegistryError.self) { try PluginRegistry.builtIn().generator(kind: "order") }
    #expect(
      order?.description == #"the row kind "order" has no generator (kinds with a generator: feed_item, product)"#)
    let unknown = #expect(throws: PluginRegistryError.self) { try PluginRegistry.builtIn().generator(kind: "x") }
    #expect(unknown?.description == #"unknown row kind "x" (kinds: header, feed_item, product, order)"#)
    let noStream = try PluginRegistry([StubPlugin(kind: "a")])
    let error = #expect(throws: PluginRegistryError.self) { try noStream.generator(kind: nil) }
    #expect(error?.description == "no row kind streams, so name the one to generate (kinds with a generator: none)")
  }
}
