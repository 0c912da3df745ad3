import Foundation
import StackfeedTestSupport
import Testing

/// Issue 6, item 1: hostile-looking text is stored and listed verbatim, never interpreted.
@Suite struct ReliabilityRoundTripTests {
  /// SQL-looking text, quotes, backslashes, LIKE wildcards, every NUL-free C0 control character and DEL.
  static let hostile: [String] = [
    "'); DROP TABLE feed_item; --",
    #"" OR 1=1; DELETE FROM orders WHERE '1'='1"#,
    #"C:\new\table\\ \" \u0041"#,
    "100% _done_ LIKE '%_%' ESCAPE '\\'",
    String((1..<32).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}",
    "../../etc/passwd",
    "/etc/passwd",
  ]

  /// A 1 MiB string mixing one- to four-byte UTF-8 characters.
  static let megabyte: String = {
    let unit = "ab'\"\\%_ é€🙂\n"  // 2+1+1+1+1+1+1+2+3+4+1 = 18 bytes
    return String(repeating: unit, count: (1 << 20) / 18 + 1)
  }()

  static func json(_ value: Any) throws -> String {
    String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self)
  }

  /// Every text is an id, a subtitle and an image name; the megabyte, longer than an id may be
  /// (`anIdOfAtMost1024BytesIsKeptAndALongerOneRefused`), is an id only by its first 100 characters.
  @Test(arguments: Backend.available)
  func hostileTextRoundTripsVerbatimThroughSeedAndList(backend: Backend) throws {
    let cli = try CLIHarness()
    let texts = Self.hostile + [Self.megabyte]
    let items = texts.enumerated().map { index, text in
      let id = "\(index)\(text.prefix(100))"
      return ["id": id, "title": "t", "subtitle": text, "tag": NSNull(), "image": text] as [String: Any]
    }
    let folder = try cli.seedFolder(
      "hostile",
      [
        "feed_items.json": try Self.json(items),
        "profile.json": try Self.json(["firstName": Self.hostile[0], "lastName": Self.hostile[2]]),
        "products.json": try Self.json([["id": Self.hostile[1], "title": Self.hostile[3], "image": Self.hostile[5]]]),
        "orders.json": try Self.json([
          [
            "id": Self.hostile[0], "status": "s", "orderedAt": "2021-07-06T12:00:00Z",
            "items": [["product": Self.hostile[1], "quantity": 1]],
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
    #expect(feedRows.map { $0["id"] as? String } == items.map { $0["id"] as? String })
    #expect(feedRows.map { ($0["texts"] as? [String: Any])?["subtitle"] as? String } == texts)
    #expect(feedRows.map { ($0["texts"] as? [String: Any])?["image"] as? String } == texts)
    let order = try #require(rows.first { $0["kind"] as? String == "order" })
    #expect(order["id"] as? String == Self.hostile[0])
    #expect((order["gallery"] as? [[String: Any]])?.first?["image"] as? String == "../../etc/passwd")
    #expect(try db.query("SELECT count(*) FROM feed_item") == "\(texts.count)")
    let bytes = backend == .sqlite ? "length(CAST(subtitle AS BLOB))" : "octet_length(subtitle)"
    #expect(
      try db.query("SELECT \(bytes) FROM feed_item ORDER BY position DESC LIMIT 1") == "\(Self.megabyte.utf8.count)")
    let before = try db.dump()
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    #expect(try db.dump() == before)
  }

  /// One rule on both backends: an id of 1,024 bytes of UTF-8 is kept and listed back; one byte more is refused
  /// (exit 65, naming the file, record and field) and the seed writes nothing. Without the rule PostgreSQL
  /// refused a megabyte id only when writing it (exit 74, its index's limit), while SQLite kept it.
  @Test(arguments: Backend.available)
  func anIdOfAtMost1024BytesIsKeptAndALongerOneRefused(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    let atTheLimit = String(repeating: "é€🙂", count: 113) + "abcdefg"  // (2 + 3 + 4) × 113 + 7 bytes
    #expect(atTheLimit.utf8.count == 1024)
    let kept = try cli.seedFolder("limit", ["feed_items.json": try Self.json([["id": atTheLimit, "title": "t"]])])
    #expect(try cli.run(["seed", "--db", database.argument, "--from", kept]).code == 0)
    let listed = try cli.run(["list", "--db", database.argument, "--format", "json"])
    #expect(listed.stdout.contains("\"id\": \"\(atTheLimit)\""))
    let before = try database.dump()
    let items = [["id": "short", "title": "t"], ["id": Self.megabyte, "title": "t"]]
    let folder = try cli.seedFolder("long", ["feed_items.json": try Self.json(items)])
    let refused = try cli.run(["seed", "--db", database.argument, "--from", folder])
    #expect(refused.code == 65)
    #expect(
      refused.saysOnce(
        #"feed_items.json: record 1: field "id": too long: \#(Self.megabyte.utf8.count) bytes of UTF-8 (an id has at most 1024)"#
      ))
    #expect(try database.dump() == before)
  }

  @Test(arguments: Backend.available)
  func strictInstantsKeepLeapDaysOffsetsAndFractions(backend: Backend) throws {
    let cli = try CLIHarness()
    let orders = """
      [{"id": "a", "status": "s", "orderedAt": "2020-02-29T23:30:00.250-01:30", "items": []},
       {"id": "b", "status": "s", "orderedAt": "1600-02-29T00:00:00z", "items": []}]
      """
    let folder = try cli.seedFolder("instants", ["orders.json": orders])
    let db = try cli.database(backend)
    let database = db.argument
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    // 2020-03-01T01:00:00.250Z and 1600-02-29T00:00:00Z in milliseconds since 1970.
    #expect(try db.query("SELECT ordered_at FROM orders ORDER BY id") == "1583024400250\n-11670998400000")
    let listed = try cli.run(["list", "--db", database, "--format", "json", "--time-zone", "UTC"])
    #expect(listed.stdout.contains(#""subtitle": "Ordered on 01 Mar 20""#))
  }

  @Test(arguments: Backend.available)
  func hugeQuantitiesListWithoutOverflowing(backend: Backend) throws {
    let cli = try CLIHarness()
    let folder = try cli.seedFolder(
      "huge",
      [
        "products.json": #"[{"id": "p", "title": "P", "image": "a"}]"#,
        "orders.json": """
        [{"id": "o", "status": "s", "orderedAt": "2021-07-06T12:00:00Z",
          "items": [{"product": "p", "quantity": 9223372036854775807}, {"product": "p", "quantity": 9223372036854775807}]}]
        """,
      ])
    let database = try cli.database(backend).argument
    let seeded = try cli.run(["seed", "--db", database, "--from", folder])
    #expect(seeded.code == 0, "\(seeded.stderr)")
    let listed = try cli.run(["list", "--db", database, "--format", "json"])
    #expect(listed.endedNormally)
    #expect(listed.code == 0)
    #expect(listed.stdout.contains(#"{"image": "a", "overlay": "+9223372036854775804"}"#))
  }
}
