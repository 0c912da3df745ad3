import FeedPlugins
import FeedStore
import Testing

@Suite struct SeedingTests {
  static let items = """
    [{"id": "a", "title": "Crème brûlée", "subtitle": "Süß", "tag": "straße", "image": "a"},
     {"id": "b", "title": "🔥 Hot"},
     {"id": "c", "title": "Plain", "subtitle": null, "tag": null, "image": null}]
    """

  @Test func reseedingTheSameFolderChangesNothing() throws {
    let store = try TestStore()
    try store.seed(SeedFiles.referenceTexts)
    let before = try store.dump()
    try store.seed(SeedFiles.referenceTexts)
    #expect(try store.dump() == before)
  }

  @Test func feedOrderIsArrayOrderAndAbsentFieldsStayAbsent() throws {
    let store = try TestStore()
    try store.seed(["feed_items.json": Self.items])
    let rows = try store.rows()
    #expect(rows.map(\.id) == ["a", "b", "c"])
    #expect(rows[0].texts.map(\.value) == ["CRÈME BRÛLÉE", "Süß", "STRASSE", "a"])
    #expect(rows[1].texts.map(\.value) == ["🔥 HOT", nil, nil, nil])
    #expect(rows[2].texts.map(\.value) == ["PLAIN", nil, nil, nil])
  }

  @Test func reseedingUpsertsByIdAndFollowsTheNewArrayOrder() throws {
    let store = try TestStore()
    try store.seed(["feed_items.json": Self.items])
    try store.seed(["feed_items.json": #"[{"id": "c", "title": "Now first"}, {"id": "a", "title": "Second"}]"#])
    let rows = try store.rows()
    #expect(rows.map(\.id) == ["c", "a", "b"])
    #expect(rows.map { $0.text("title") } == ["NOW FIRST", "SECOND", "🔥 HOT"])
    #expect(rows[1].text("subtitle") == nil)
  }

  @Test func resetReplacesAllDataInOneGo() throws {
    let store = try TestStore()
    try store.seed(SeedFiles.referenceTexts)
    try store.seed(["feed_items.json": Self.items], reset: true)
    #expect(try store.rows().map(\.id) == ["a", "b", "c"])
    let products = try store.database.queryOne("SELECT count(*) FROM product") { try $0.int(at: 0) }
    #expect(products == 0)
  }

  @Test func unknownFilesAreIgnoredWithAWarning() throws {
    let store = try TestStore()
    let report = try store.seed(["feed_items.json": Self.items, "notes.txt": "hello", ".DS_Store": ""])
    #expect(report.warnings == ["ignoring the unknown seed file notes.txt"])
    #expect(report.loadedFiles == ["feed_items.json"])
  }

  @Test func noProfileGivesNoHeaderAndNoOrdersGiveNoOrderRow() throws {
    let store = try TestStore()
    var files = SeedFiles.referenceTexts
    files["profile.json"] = nil
    files["orders.json"] = nil
    try store.seed(files)
    #expect(try store.rows().map(\.kind) == Array(repeating: "feed_item", count: 6))
  }

  @Test func withoutFeedItemsTheOrderComesRightAfterTheHeader() throws {
    let store = try TestStore()
    var files = SeedFiles.referenceTexts
    files["feed_items.json"] = "[]"
    try store.seed(files)
    #expect(try store.rows().map(\.kind) == ["header", "order"])
  }

  @Test func theLatestOfSeveralOrdersWinsInTheGivenZone() throws {
    let store = try TestStore()
    var files = SeedFiles.referenceTexts
    files["orders.json"] = """
      [{"id": "old", "status": "delivered", "orderedAt": "2021-07-06T12:00:00Z",
        "items": [{"product": "vital-top", "quantity": 1}]},
       {"id": "new", "status": "en route", "orderedAt": "2022-01-31T23:30:00Z",
        "items": [{"product": "vital-top", "quantity": 2}, {"product": "apex-hoodie", "quantity": 2}]},
       {"id": "mid", "status": "packed", "orderedAt": "2021-12-01T08:00:00+02:00",
        "items": [{"product": "vital-top", "quantity": 1}]}]
      """
    try store.seed(files)
    let order = try #require(try store.rows(zone: "Asia/Tokyo").first { $0.kind == "order" })
    #expect(order.id == "new")
    #expect(order.texts == [RowText("title", "IT'S EN ROUTE"), RowText("subtitle", "Ordered on 01 Feb 22")])
    #expect(order.list("gallery", "image") == ["top", "top", "hoodie", "hoodie"])
    #expect(order.list("gallery", "overlay") == [nil, nil, nil, "+1"])
    let utc = try #require(try store.rows(zone: "UTC").first { $0.kind == "order" })
    #expect(utc.text("subtitle") == "Ordered on 31 Jan 22")
  }

  @Test func reseedingAnOrderReplacesItsLineItems() throws {
    let store = try TestStore()
    try store.seed(SeedFiles.referenceTexts)
    var files = SeedFiles.referenceTexts
    files["orders.json"] = """
      [{"id": "8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001", "status": "FUFILLED", "orderedAt": "2021-07-06T12:00:00Z",
        "items": [{"product": "arrival-shorts", "quantity": 1}]}]
      """
    try store.seed(files)
    let order = try #require(try store.rows().first { $0.kind == "order" })
    #expect(order.list("gallery", "image") == ["shorts"])
  }
}
