import Foundation
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

  @Test func hostileTextRoundTripsVerbatimThroughSeedAndList() throws {
    let cli = try CLIHarness()
    let texts = Self.hostile + [Self.megabyte]
    let items = texts.enumerated().map { index, text in
      ["id": "\(index)\(text)", "title": "t", "subtitle": text, "tag": NSNull(), "image": text] as [String: Any]
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
    let database = cli.path("hostile.sqlite")
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
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
    #expect(try cli.sqlite(database, "SELECT count(*) FROM feed_item") == "\(texts.count)")
    #expect(
      try cli.sqlite(database, "SELECT length(CAST(subtitle AS BLOB)) FROM feed_item ORDER BY position DESC LIMIT 1")
        == "\(Self.megabyte.utf8.count)")
    let before = try cli.dump(database)
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    #expect(try cli.dump(database) == before)
  }

  @Test func strictInstantsKeepLeapDaysOffsetsAndFractions() throws {
    let cli = try CLIHarness()
    let orders = """
      [{"id": "a", "status": "s", "orderedAt": "2020-02-29T23:30:00.250-01:30", "items": []},
       {"id": "b", "status": "s", "orderedAt": "1600-02-29T00:00:00z", "items": []}]
      """
    let folder = try cli.seedFolder("instants", ["orders.json": orders])
    let database = cli.path("instants.sqlite")
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    // 2020-03-01T01:00:00.250Z and 1600-02-29T00:00:00Z in milliseconds since 1970.
    #expect(try cli.sqlite(database, "SELECT ordered_at FROM orders ORDER BY id") == "1583024400250\n-11670998400000")
    let listed = try cli.run(["list", "--db", database, "--format", "json", "--time-zone", "UTC"])
    #expect(listed.stdout.contains(#""subtitle": "Ordered on 01 Mar 20""#))
  }

  @Test func hugeQuantitiesListWithoutOverflowing() throws {
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
    let database = cli.path("huge.sqlite")
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    let listed = try cli.run(["list", "--db", database, "--format", "json"])
    #expect(listed.endedNormally)
    #expect(listed.code == 0)
    #expect(listed.stdout.contains(#"{"image": "a", "overlay": "+9223372036854775804"}"#))
  }
}
