import BuiltInPlugins
import FeedPlugins
import FeedStore
import Testing

@Suite struct ReferenceFeedTests {
  @Test func bundledSeedsComposeTheReferenceScreen() throws {
    let store = try TestStore()
    try store.seed(SeedFiles.referenceTexts)
    let rows = try store.rows()
    #expect(
      rows.map(\.kind) == [
        "header", "feed_item", "order", "feed_item", "feed_item", "feed_item", "feed_item", "feed_item",
      ])
    #expect(rows[0].texts == [RowText("headline", "HI, RUSSELL"), RowText("initials", "RW")])
    #expect(
      rows[1].texts == [
        RowText("title", "THE FUTURE IS FUNCTIONAL"), RowText("subtitle", "Get after your goals in new Apex"),
        RowText("tag", "NEW RELEASES"), RowText("image", "functional-male"),
      ])
    #expect(rows[2].texts == [RowText("title", "IT'S FUFILLED"), RowText("subtitle", "Ordered on 06 Jul 21")])
    #expect(rows[2].list("gallery", "image") == ["tshirt", "top", "hoodie", "shorts"])
    #expect(rows[2].list("gallery", "overlay") == [nil, nil, nil, "+3"])
    #expect(
      rows[3].texts == [
        RowText("title", "PRESS RESET"), RowText("subtitle", "The newest collection is here"), RowText("tag", nil),
        RowText("image", "reset"),
      ])
    #expect(
      rows.suffix(4).map { $0.text("title") } == [
        "THE FUTURE IS FUNCTIONAL", "RAISE THE BAR", "MUST HAVES", "TAKE ON THE HEAT",
      ])
  }

  @Test func anEmptyDatabaseComposesNoRows() throws {
    #expect(try TestStore().rows().isEmpty)
  }

  @Test func builtInRegistryListsTheFourKindsAndTheirMigrations() throws {
    #expect(try PluginRegistry.builtIn().plugins.map(\.kind) == ["header", "feed_item", "product", "order"])
    #expect(
      try PluginRegistry.builtIn().migrations.map(\.name) == [
        "0001_header_profile", "0002_feed_item_create", "0003_order_create", "0004_account_users", "0005_order_user",
        "0006_account_tokens", "0007_account_idempotency", "0008_header_users", "0009_account_changes",
        "0010_account_images",
        "0011_account_change_log",
        "0012_product_search",
        "0013_account_change_log_check",
      ])
    #expect(
      try PluginRegistry.builtIn().seedFiles == [
        "profile.json", "users.json", "feed_items.json", "products.json", "orders.json",
      ])
  }
}
