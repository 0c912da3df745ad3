import FeedStore
import Foundation
import StackfeedTestSupport
import Testing

@Suite struct SeedCommandTests {
  static let unicode: [String: String] = [
    "profile.json": #"{"firstName": "straße", "lastName": "Öz"}"#,
    "feed_items.json": """
    [{"id": "é1", "title": "Crème brûlée à la carte", "subtitle": "Süße Grüße", "tag": "neu ß", "image": "crème"},
     {"id": "🙂", "title": "Fire 🔥 sale", "tag": "🔥 hot"},
     {"id": "plain", "title": "plain", "subtitle": null}]
    """,
    "products.json": #"[{"id": "p1", "title": "One", "image": "a"}, {"id": "p2", "title": "Two", "image": "b"}]"#,
    "orders.json": """
    [{"id": "o-old", "status": "delivered", "orderedAt": "2021-03-01T10:00:00Z", "items": [{"product": "p1", "quantity": 9}]},
     {"id": "o-new", "status": "unterwegs", "orderedAt": "2023-12-31T23:30:00Z",
      "items": [{"product": "p1", "quantity": 2}, {"product": "p2", "quantity": 2}]}]
    """,
  ]

  static func unicodeJSON(date: String) -> String {
    """
    {"rows": [
      {"kind": "header", "id": "profile", "texts": {"headline": "HI, STRASSE", "initials": "SÖ"}},
      {"kind": "feed_item", "id": "é1", "texts": {"title": "CRÈME BRÛLÉE À LA CARTE", "subtitle": "Süße Grüße", "tag": "NEU SS", "image": "crème"}},
      {"kind": "order", "id": "o-new", "texts": {"title": "IT'S UNTERWEGS", "subtitle": "Ordered on \(date)"}, "gallery": [{"image": "a", "overlay": null}, {"image": "a", "overlay": null}, {"image": "b", "overlay": null}, {"image": "b", "overlay": "+1"}]},
      {"kind": "feed_item", "id": "🙂", "texts": {"title": "FIRE 🔥 SALE", "subtitle": null, "tag": "🔥 HOT", "image": null}},
      {"kind": "feed_item", "id": "plain", "texts": {"title": "PLAIN", "subtitle": null, "tag": null, "image": null}}
    ], "next": null}

    """
  }

  @Test(
    arguments: Backend.available,
    [("Asia/Tokyo", "01 Jan 24"), ("America/Los_Angeles", "31 Dec 23"), ("UTC", "31 Dec 23")])
  func seededFolderListsWithTheRuleTexts(backend: Backend, zone: (name: String, date: String)) throws {
    let cli = try CLIHarness()
    let folder = try cli.seedFolder("unicode", Self.unicode)
    let database = try cli.database(backend).argument
    let seeded = try cli.run(["seed", "--db", database, "--from", folder, "--reset"])
    #expect(seeded.code == 0)
    #expect(
      seeded.stdout
        == "seeded feed_items.json, orders.json, products.json, profile.json from \(folder) (after a reset)\n")
    let listed = try cli.run(["list", "--db", database, "--format", "json", "--time-zone", zone.name])
    #expect(listed.stdout == Self.unicodeJSON(date: zone.date))
    #expect(listed.code == 0)
  }

  @Test(arguments: Backend.available, [("Europe/Berlin", "05 Jun 20"), ("UTC", "04 Jun 20")])
  func anOrderWithoutProfileOrFeedItemsIsTheOnlyRow(backend: Backend, zone: (name: String, date: String)) throws {
    let cli = try CLIHarness()
    let folder = try cli.seedFolder(
      "solo",
      [
        "products.json": #"[{"id": "p", "title": "P", "image": "a"}]"#,
        "orders.json":
          #"[{"id": "solo", "status": "shipped", "orderedAt": "2020-06-05T00:15:00+02:00", "items": [{"product": "p", "quantity": 5}]}]"#,
      ])
    let database = try cli.database(backend).argument
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    let listed = try cli.run(["list", "--db", database, "--format", "json", "--time-zone", zone.name])
    #expect(
      listed.stdout == """
        {"rows": [
          {"kind": "order", "id": "solo", "texts": {"title": "IT'S SHIPPED", "subtitle": "Ordered on \(zone.date)"}, "gallery": [{"image": "a", "overlay": null}, {"image": "a", "overlay": null}, {"image": "a", "overlay": null}, {"image": "a", "overlay": "+2"}]}
        ], "next": null}

        """)
  }

  /// Quotes and backslashes come from a seed file; control characters, which the rules refuse in seed files and
  /// bodies, from a row written before there were rules (here by SQL).
  @Test(arguments: Backend.available)
  func jsonEscapesQuotesBackslashesAndControlCharacters(backend: Backend) throws {
    let cli = try CLIHarness()
    let folder = try cli.seedFolder(
      "escapes", ["feed_items.json": #"[{"id": "q", "title": "say \"hi\" \\ now", "subtitle": "s"}]"#])
    let db = try cli.database(backend)
    let database = db.argument
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    let character = backend == .sqlite ? "char" : "chr"
    try db.execute(
      "UPDATE feed_item SET subtitle = 'line' || \(character)(10) || 'break' || \(character)(9) || 'tab' || "
        + "\(character)(1) WHERE id = 'q'")
    let listed = try cli.run(["list", "--db", database, "--format", "json"])
    #expect(
      listed.stdout == """
        {"rows": [
          {"kind": "feed_item", "id": "q", "texts": {"title": "SAY \\"HI\\" \\\\ NOW", "subtitle": "line\\nbreak\\ttab\\u0001", "tag": null, "image": null}}
        ], "next": null}

        """)
  }

  @Test(arguments: Backend.available)
  func anEmptyFeedListsNoRows(backend: Backend) throws {
    let cli = try CLIHarness()
    let folder = try cli.seedFolder("empty", ["feed_items.json": "[]"])
    let database = try cli.database(backend).argument
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    #expect(try cli.run(["list", "--db", database, "--format", "json"]).stdout == "{\"rows\": [], \"next\": null}\n")
  }

  @Test(arguments: Backend.available)
  func badSeedDataExits65NamingTheFieldAndChangesNothing(backend: Backend) throws {
    let cli = try CLIHarness()
    let db = try cli.database(backend)
    let database = db.argument
    #expect(try cli.run(["seed", "--db", database]).code == 0)
    let before = try db.dump()
    var files = Self.unicode
    files["orders.json"] = #"[{"id": "o", "status": "s", "orderedAt": "2021-13-45T00:00:00Z", "items": []}]"#
    let folder = try cli.seedFolder("bad", files)
    for extra in [[], ["--reset"], ["--generate", "10"]] {
      let result = try cli.run(["seed", "--db", database, "--from", folder] + extra)
      #expect(result.code == 65)
      #expect(
        result.stderr
          == "stackfeed: orders.json: record 0 (id \"o\"): field \"orderedAt\": expected an ISO-8601 instant such as \"2021-07-06T12:00:00Z\", found \"2021-13-45T00:00:00Z\"\n"
      )
      #expect(result.stdout.isEmpty)
      #expect(try db.dump() == before)
    }
  }

  @Test func aMissingSeedFolderExits66() throws {
    let cli = try CLIHarness()
    let result = try cli.run(["seed", "--db", cli.path("x.sqlite"), "--from", cli.path("nowhere")])
    #expect(result.code == 66)
    #expect(result.stderr == "stackfeed: \(cli.path("nowhere")): the seed folder does not exist\n")
  }

  @Test(arguments: Backend.available)
  func unknownSeedFilesAreIgnoredWithAWarning(backend: Backend) throws {
    let cli = try CLIHarness()
    let folder = try cli.seedFolder(
      "extra", ["profile.json": #"{"firstName": "A", "lastName": "B"}"#, "banners.json": "[]"])
    let database = try cli.database(backend)
    let result = try cli.run(["seed", "--db", database.argument, "--from", folder])
    #expect(result.code == 0)
    #expect(result.stderr == "stackfeed: warning: ignoring the unknown seed file banners.json\n")
    #expect(try database.query("SELECT id, first_name, last_name FROM users") == "default|A|B")
  }

  @Test(arguments: Backend.available)
  func reseedingIsIdempotentAndGenerateAppends(backend: Backend) throws {
    let cli = try CLIHarness()
    let db = try cli.database(backend)
    let database = db.argument
    #expect(try cli.run(["seed", "--db", database]).code == 0)
    let once = try db.dump()
    #expect(try cli.run(["seed", "--db", database]).code == 0)
    #expect(try db.dump() == once)
    let generated = try cli.run(["seed", "--db", database, "--generate", "5"])
    #expect(generated.stdout == "generated 5 feed items\n")
    #expect(generated.stderr.isEmpty)
    let listed = try cli.run(["list", "--db", database, "--format", "json"])
    #expect(listed.stdout.components(separatedBy: "\"kind\": \"feed_item\"").count - 1 == 11)
    let named = try cli.run(["seed", "--db", database, "--generate", "1", "--kind", "feed_item"])
    #expect(named.stdout == "generated 1 feed items\n")
    let more = try cli.run(["list", "--db", database, "--format", "json"])
    #expect(more.stdout.components(separatedBy: "\"kind\": \"feed_item\"").count - 1 == 12)
    let reset = try cli.run(["seed", "--db", database, "--reset", "--generate", "2"])
    #expect(reset.stdout == "reset the database\ngenerated 2 feed items\n")
    let after = try cli.run(["list", "--db", database, "--format", "json"])
    #expect(after.stdout.components(separatedBy: "\"kind\": ").count - 1 == 2)
  }

  @Test func generateShowsProgressOnATerminalOnly() throws {
    let cli = try CLIHarness()
    let database = cli.path("p.sqlite")
    let terminal = try cli.shell(
      "script -qec \"'$BIN' seed --db '\(database)' --generate 120000 --no-reference\" /dev/null")
    #expect(terminal.code == 0)
    #expect(terminal.stdout.contains("\rgenerating 50000 / 120000 feed items\rgenerating 100000 / 120000 feed items"))
    #expect(terminal.stdout.contains("\rgenerating 120000 / 120000 feed items\r\ngenerated 120000 feed items"))
    let piped = try cli.run(["seed", "--db", database, "--generate", "120000"])
    #expect(piped.stderr.isEmpty)
    #expect(piped.stdout == "generated 120000 feed items\n")
  }
}
