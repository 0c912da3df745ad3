import Foundation
import StackfeedTestSupport
import Testing

/// Issue 6, item 1: hostile-looking text is stored and listed verbatim, never interpreted; what the rules of
/// a record refuse (control characters, texts longer than their field takes, ids that are not one path segment)
/// is refused whole, naming the file, record and field, on both backends.
@Suite struct ReliabilityRoundTripTests {
  /// SQL-looking text, quotes, backslashes, LIKE wildcards, and one- to four-byte UTF-8: valid free text.
  static let hostile: [String] = [
    "'); DROP TABLE feed_item; --",
    #"" OR 1=1; DELETE FROM orders WHERE '1'='1"#,
    #"C:\new\table\\ \" \u0041"#,
    "100% _done_ LIKE '%_%' ESCAPE '\\'",
    "ab'\"\\%_ é€🙂 Grüße 東京 مرحبا",
  ]

  /// The same, as ids (no spaces or `/`): feed item ids, image names, a product id and an order id.
  static let hostileIDs = hostile.map { String($0.unicodeScalars.filter { $0 != " " && $0 != "/" }) }

  static func json(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
  }

  @Test(arguments: Backend.available)
  func hostileTextRoundTripsVerbatimThroughSeedAndList(backend: Backend) throws {
    let cli = try CLIHarness()
    let items = zip(Self.hostile, Self.hostileIDs).map { text, id in
      ["id": id, "title": text, "subtitle": text, "tag": NSNull(), "image": id] as [String: Any]
    }
    let folder = try cli.seedFolder(
      "hostile",
      [
        "feed_items.json": try Self.json(items),
        "profile.json": try Self.json(["firstName": Self.hostile[0], "lastName": Self.hostile[2]]),
        "products.json": try Self.json([
          ["id": Self.hostileIDs[1], "title": Self.hostile[3], "image": Self.hostileIDs[2]]
        ]),
        "orders.json": try Self.json([
          [
            "id": Self.hostileIDs[0], "status": "s", "orderedAt": "2021-07-06T12:00:00Z",
            "items": [["product": Self.hostileIDs[1], "quantity": 1]],
          ]
        ]),
      ])
    let db = try cli.database(backend)
    let database = db.argument
    let seeded = try cli.run(["seed", "--db", database, "--from", folder])
    #expect(seeded.code == 0, "\(seeded.stderr)")
    let listed = try cli.run(["list", "--db", database, "--format", "json"])
    #expect(listed.code == 0)
    let object = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any]
    let rows = try #require(object?["rows"] as? [[String: Any]])
    let feedRows = rows.filter { $0["kind"] as? String == "feed_item" }
    #expect(feedRows.map { $0["id"] as? String } == Self.hostileIDs)
    #expect(feedRows.map { ($0["texts"] as? [String: Any])?["subtitle"] as? String } == Self.hostile)
    #expect(feedRows.map { ($0["texts"] as? [String: Any])?["image"] as? String } == Self.hostileIDs)
    let order = try #require(rows.first { $0["kind"] as? String == "order" })
    #expect(order["id"] as? String == Self.hostileIDs[0])
    #expect((order["gallery"] as? [[String: Any]])?.first?["image"] as? String == Self.hostileIDs[2])
    let before = try db.dump()
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    #expect(try db.dump() == before)
  }

  /// Texts the rules refuse, each in a folder with a valid item before it: exit 65 naming the field, nothing
  /// written (before the rules, control characters and a megabyte subtitle were stored, a NUL failed only on
  /// PostgreSQL, and `../../etc/passwd` was an image name).
  @Test(
    arguments: Backend.available,
    [
      (#"{"id": "x", "title": "t\u0001"}"#, #"field "title": must not contain the control character U+0001"#),
      (
        #"{"id": "x", "title": "t", "subtitle": "\u007f"}"#,
        #"field "subtitle": must not contain the control character U+007F"#
      ),
      (#"{"id": "x", "title": "t\u0000"}"#, #"field "title": must not contain the control character U+0000"#),
      (
        #"{"id": "x", "title": "t", "image": "../../etc/passwd"}"#,
        #"field "image": must not contain "/" (an id is one segment of a path)"#
      ),
      (#"{"id": "x", "title": "t", "image": "..etc"}"#, #"field "image": must not start with ".""#),
      (
        #"{"id": "x", "title": "t", "subtitle": "\#(String(repeating: "é€🙂", count: 67))"}"#,
        #"field "subtitle": too long: 201 characters (at most 200)"#
      ),
    ])
  func textsTheRulesRefuseExit65AndWriteNothing(backend: Backend, bad: (record: String, message: String)) throws {
    let (record, message) = bad
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    let before = try database.dump()
    let folder = try cli.seedFolder("bad", ["feed_items.json": #"[{"id": "ok", "title": "t"}, "# + record + "]"])
    let refused = try cli.run(["seed", "--db", database.argument, "--from", folder])
    #expect(refused.code == 65, "\(refused.stderr)")
    #expect(refused.saysOnce(#"feed_items.json: record 1 (id "x"): "# + message), "\(refused.stderr)")
    #expect(try database.dump() == before)
  }

  /// One rule on both backends: an id of 256 characters (here 1,024 bytes of UTF-8, what a unique index holds on
  /// both) is kept and listed back; one character more is refused (exit 65, naming the file, record and field)
  /// and the seed writes nothing. Without a rule PostgreSQL refused a megabyte id only when writing it (exit 74,
  /// its index's limit), while SQLite kept it.
  @Test(arguments: Backend.available)
  func anIdOfAtMost256CharactersIsKeptAndALongerOneRefused(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    let atTheLimit = String(repeating: "🙂", count: 256)
    #expect(atTheLimit.utf8.count == 1024)
    let kept = try cli.seedFolder("limit", ["feed_items.json": try Self.json([["id": atTheLimit, "title": "t"]])])
    #expect(try cli.run(["seed", "--db", database.argument, "--from", kept]).code == 0)
    let listed = try cli.run(["list", "--db", database.argument, "--format", "json"])
    #expect(listed.stdout.contains("\"id\": \"\(atTheLimit)\""))
    let before = try database.dump()
    let items = [["id": "short", "title": "t"], ["id": atTheLimit + "a", "title": "t"]]
    let folder = try cli.seedFolder("long", ["feed_items.json": try Self.json(items)])
    let refused = try cli.run(["seed", "--db", database.argument, "--from", folder])
    #expect(refused.code == 65)
    #expect(refused.saysOnce(#"feed_items.json: record 1: field "id": too long: 257 characters (at most 256)"#))
    #expect(try database.dump() == before)
  }

  @Test(arguments: Backend.available)
  func strictInstantsKeepLeapDaysOffsetsAndFractions(backend: Backend) throws {
    let cli = try CLIHarness()
    let orders = """
      [{"id": "a", "status": "s", "orderedAt": "2020-02-29T23:30:00.250-01:30", "items": [{"product": "p", "quantity": 1}]},
       {"id": "b", "status": "s", "orderedAt": "1600-02-29T00:00:00z", "items": [{"product": "p", "quantity": 1}]}]
      """
    let products = #"[{"id": "p", "title": "P", "image": "a"}]"#
    let folder = try cli.seedFolder("instants", ["orders.json": orders, "products.json": products])
    let db = try cli.database(backend)
    let database = db.argument
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    // 2020-03-01T01:00:00.250Z and 1600-02-29T00:00:00Z in milliseconds since 1970.
    #expect(try db.query("SELECT ordered_at FROM orders ORDER BY id") == "1583024400250\n-11670998400000")
    let listed = try cli.run(["list", "--db", database, "--format", "json", "--time-zone", "UTC"])
    #expect(listed.stdout.contains(#""subtitle": "Ordered on 01 Mar 20""#))
  }

  /// The largest order the rules take (100 lines of 999) lists its overlay without overflowing; one more is
  /// refused.
  @Test(arguments: Backend.available)
  func theLargestQuantitiesListWithoutOverflowing(backend: Backend) throws {
    let cli = try CLIHarness()
    let lines = Array(repeating: ["product": "p", "quantity": 999] as [String: Any], count: 100)
    func folder(_ lines: [[String: Any]]) throws -> String {
      try cli.seedFolder(
        "huge",
        [
          "products.json": #"[{"id": "p", "title": "P", "image": "a"}]"#,
          "orders.json": try Self.json([
            ["id": "o", "status": "s", "orderedAt": "2021-07-06T12:00:00Z", "items": lines]
          ]),
        ])
    }
    let database = try cli.database(backend).argument
    let seeded = try cli.run(["seed", "--db", database, "--from", folder(lines)])
    #expect(seeded.code == 0, "\(seeded.stderr)")
    let listed = try cli.run(["list", "--db", database, "--format", "json"])
    #expect(listed.endedNormally)
    #expect(listed.code == 0)
    #expect(listed.stdout.contains(#"{"image": "a", "overlay": "+99897"}"#))
    let tooMany = try cli.run(["seed", "--db", database, "--from", folder(lines + [["product": "p", "quantity": 1]])])
    #expect(tooMany.code == 65)
    #expect(tooMany.saysOnce(#"orders.json: record 0 (id "o"): field "items": expected 1 to 100 items, found 101"#))
  }
}
