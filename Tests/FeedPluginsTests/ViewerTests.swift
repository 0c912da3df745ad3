import BuiltInPlugins
import FeedModels
import FeedPlugins
import FeedStore
import Foundation
import SQLCore
import StackfeedTestSupport
import Testing

/// The feed is composed for a viewer: the header greets them, the order row is their latest order, the feed items
/// are everyone's; `users.json` and `profile.json` (the user `default`) seed the users, an order's `"user"` its
/// owner. On both backends.
@Suite struct ViewerTests {
  static let products = #"[{"id": "p1", "title": "P1", "image": "i1"}, {"id": "p2", "title": "P2", "image": "i2"}]"#
  static let items = #"[{"id": "a", "title": "A"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"}]"#

  static func order(_ id: String, at instant: String, user: String?, product: String = "p1") -> String {
    let owner = user.map { #", "user": "\#($0)""# } ?? ""
    return
      #"{"id": "\#(id)", "status": "s", "orderedAt": "\#(instant)", "items": [{"product": "\#(product)", "quantity": 1}]\#(owner)}"#
  }

  @Test(arguments: Backend.available)
  func eachViewerSeesTheirOwnHeaderAndLatestOrderAndTheSharedItems(backend: Backend) throws {
    let store = try BackendStore(backend)
    try store.seed([
      "profile.json": #"{"firstName": "Russell", "lastName": "Warwick"}"#,
      "users.json":
        #"[{"id": "ada", "firstName": "Ada", "lastName": "Byron"}, {"id": "bo", "firstName": "Bo", "lastName": "Li"}]"#,
      "products.json": Self.products,
      "feed_items.json": Self.items,
      "orders.json": "["
        + [
          Self.order("d1", at: "2021-01-01T00:00:00Z", user: nil),
          Self.order("d2", at: "2021-02-01T00:00:00Z", user: "default"),
          Self.order("a1", at: "2022-01-01T00:00:00Z", user: "ada", product: "p2"),
          Self.order("a2", at: "2021-06-01T00:00:00Z", user: "ada"),
        ].joined(separator: ", ") + "]",
    ])
    #expect(
      try store.rows().map(\.summary) == ["header profile", "feed_item a", "order d2", "feed_item b", "feed_item c"])
    #expect(try store.rows().first?.text("headline") == "HI, RUSSELL")
    let ada = try store.rows(viewer: "ada")
    #expect(ada.map(\.summary) == ["header profile", "feed_item a", "order a1", "feed_item b", "feed_item c"])
    #expect(ada.first?.text("headline") == "HI, ADA" && ada.first?.text("initials") == "AB")
    // A user without orders has no order row; an id that is no user has neither header nor order.
    #expect(
      try store.rows(viewer: "bo").map(\.summary) == ["header profile", "feed_item a", "feed_item b", "feed_item c"])
    #expect(try store.rows(viewer: "nobody").map(\.summary) == ["feed_item a", "feed_item b", "feed_item c"])
    // The order row by id is the viewer's own (`/v1/rows/order/{id}`).
    let order = try #require(store.registry.plugin(kind: "order"))
    let gmt = RowContext(timeZone: TimeZone.gmt)
    var ada1 = gmt
    ada1.viewer = "ada"
    #expect(try order.loadRow(id: "a1", from: store.connection, context: ada1)?.id == "a1")
    #expect(try order.loadRow(id: "a1", from: store.connection, context: gmt) == nil)
  }

  @Test(arguments: Backend.available)
  func manyRandomUsersNeverSeeEachOthersHeaderOrOrders(backend: Backend) throws {
    var random = SplitMix64(seed: UInt64.random(in: 0...UInt64.max))
    let seed = random.seed
    let count = 24
    var users: [String] = []
    var orders: [String] = []
    var latest: [String: (instant: Int, id: String)] = [:]
    var owner: [String: String] = [:]
    for index in 0..<count {
      let id = "u\(index)"
      users.append(#"{"id": "\#(id)", "firstName": "First\#(index)", "lastName": "Last\#(index)"}"#)
      for number in 0..<Int(random.next() % 5) {
        let day = Int(random.next() % 28) + 1
        let orderID = "o\(index)-\(number)"
        let instant = String(format: "2021-03-%02dT00:00:00Z", day)
        orders.append(Self.order(orderID, at: instant, user: id))
        owner[orderID] = id
        if let best = latest[id], (best.instant, best.id) > (day, orderID) { continue }
        latest[id] = (day, orderID)
      }
    }
    let store = try BackendStore(backend)
    try store.seed([
      "users.json": "[" + users.joined(separator: ", ") + "]", "products.json": Self.products,
      "feed_items.json": Self.items, "orders.json": "[" + orders.joined(separator: ", ") + "]",
    ])
    for index in 0..<count {
      let id = "u\(index)"
      let rows = try store.rows(viewer: id)
      #expect(rows.first?.text("headline") == "HI, FIRST\(index)", "seed \(seed)")
      #expect(rows.filter { $0.kind == "header" }.count == 1, "seed \(seed)")
      let shownOrders = rows.filter { $0.kind == "order" }.map(\.id)
      #expect(shownOrders == (latest[id].map { [$0.id] } ?? []), "user \(id), seed \(seed)")
      #expect(shownOrders.allSatisfy { owner[$0] == id }, "user \(id), seed \(seed)")
      #expect(rows.filter { $0.kind == "feed_item" }.map(\.id) == ["a", "b", "c"])
    }
  }

  /// A database made before there were users (its profile row, orders without owners) migrates to the same feed
  /// as the same seeds loaded into a new database: the profile is the user `default`, the orders are theirs.
  @Test(arguments: Backend.available)
  func anOldDatabaseWithAProfileMigratesToTheSameFeed(backend: Backend) throws {
    let old = try BackendStore(backend, migrations: PluginRegistry.builtIn().migrations.filter { $0.name < "0004" })
    for statement in [
      "INSERT INTO profile (id, first_name, last_name) VALUES (1, 'Russell', 'Warwick')",
      "INSERT INTO product (id, title, image) VALUES ('p1', 'P1', 'i1'), ('p2', 'P2', 'i2')",
      "INSERT INTO orders (id, status, ordered_at) VALUES ('o1', 's', 1609459200000), ('o2', 't', 1612137600000)",
      "INSERT INTO line_item (order_id, line, product_id, quantity) VALUES ('o1', 0, 'p1', 1), ('o2', 0, 'p2', 3)",
      "INSERT INTO feed_item (id, title, position) VALUES ('a', 'A', 1), ('b', 'B', 2), ('c', 'C', 3)",
    ] {
      try old.connection.execute(statement)
    }
    let migrated = try old.rows(on: try old.reopened())
    let fresh = try BackendStore(backend)
    try fresh.seed([
      "profile.json": #"{"firstName": "Russell", "lastName": "Warwick"}"#, "products.json": Self.products,
      "feed_items.json": Self.items,
      "orders.json": "["
        + Self.order("o1", at: "2021-01-01T00:00:00Z", user: nil) + ", "
        + Self.order("o2", at: "2021-02-01T00:00:00Z", user: nil, product: "p2").replacing(#""s""#, with: #""t""#)
        .replacing(#""quantity": 1"#, with: #""quantity": 3"#) + "]",
    ])
    #expect(migrated.map(\.shown) == (try fresh.rows()).map(\.shown))
    #expect(migrated.map(\.summary) == ["header profile", "feed_item a", "order o2", "feed_item b", "feed_item c"])
    #expect(try !old.reopened().tableExists("profile"))
    #expect(try Users(old.connection).list() == [User(id: "default", firstName: "Russell", lastName: "Warwick")])
  }

  @Test(arguments: Backend.available)
  func resettingDeletesTheUsersAndReseedingKeepsOneUserPerID(backend: Backend) throws {
    let store = try BackendStore(backend)
    let files = [
      "profile.json": #"{"firstName": "Russell", "lastName": "Warwick"}"#,
      "users.json": #"[{"id": "ada", "firstName": "Ada", "lastName": "Byron"}]"#,
    ]
    try store.seed(files)
    try store.seed(files.merging(["users.json": #"[{"id": "ada", "firstName": "Ada", "lastName": "King"}]"#]) { $1 })
    #expect(try Users(store.connection).list().map(\.lastName) == ["King", "Warwick"])
    try store.seed(["users.json": #"[{"id": "bo", "firstName": "Bo", "lastName": "Li"}]"#], reset: true)
    #expect(try Users(store.connection).list().map(\.id) == ["bo"])
    #expect(try Users(store.connection).find(id: "bo")?.firstName == "Bo")
    #expect(try Users(store.connection).find(id: "ada") == nil)
  }
}
