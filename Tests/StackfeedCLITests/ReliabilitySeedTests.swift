import Foundation
import StackfeedTestSupport
import Testing

/// Issue 6, item 1: every malformed seed folder is refused by `stackfeed seed` before anything is written,
/// with one message naming the file, record and field, and the database stays exactly as it was.
@Suite struct ReliabilitySeedTests {
  /// A valid feed change that rides along with each bad file: were anything written, the dump would differ.
  static let changedFeed = #"[{"id": "zz", "title": "Would change the feed"}]"#
  static let products = #"[{"id": "p1", "title": "One", "image": "a"}]"#

  static func order(_ fields: String) -> String {
    #"[{"id": "o1", "status": "s", "#
      + (fields.contains("orderedAt") ? "" : #""orderedAt": "2021-07-06T12:00:00Z", "#) + fields + "}]"
  }

  static func quantity(_ value: String) -> String {
    order(#""items": [{"product": "p1", "quantity": 1}, {"product": "p1", "quantity": \#(value)}]"#)
  }

  static func instant(_ value: String) -> String {
    order(#""orderedAt": \#(value), "items": []"#)
  }

  static let quantityMessage =
    #"orders.json: record 0 (id "o1"): field "items[1].quantity": expected an integer from 1 to 999, "#
  static let instantMessage =
    #"orders.json: record 0 (id "o1"): field "orderedAt": expected an ISO-8601 instant such as "2021-07-06T12:00:00Z", "#

  /// (file, its text, the whole stderr line after `stackfeed: `; a line ending in `…` is matched as a prefix).
  static let cases: [(file: String, text: String, message: String)] = [
    // Syntax and top-level shape.
    ("feed_items.json", #"[{"id": "a", "title": "x""#, "feed_items.json: malformed JSON (…"),
    ("feed_items.json", "", "feed_items.json: malformed JSON (…"),
    ("orders.json", "[{\"id\": \"o1\",\n  \"status\": 'x'}]", "orders.json: malformed JSON (…"),
    (
      "feed_items.json", #"{"id": "a", "title": "x"}"#,
      "feed_items.json: expected an array of records at the top level, found an object"
    ),
    ("products.json", #""p1""#, "products.json: expected an array of records at the top level, found a string"),
    (
      "profile.json", #"[{"firstName": "A", "lastName": "B"}]"#,
      "profile.json: expected an object at the top level, found an array"
    ),
    ("orders.json", "null", "orders.json: expected an array of records at the top level, found null"),
    // Missing fields and wrong types.
    ("profile.json", #"{"lastName": "B"}"#, #"profile.json: field "firstName": missing (expected a string)"#),
    (
      "profile.json", #"{"firstName": "A", "lastName": ["B"]}"#,
      #"profile.json: field "lastName": expected a string, found an array"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": "t"}, {"id": "b"}]"#,
      #"feed_items.json: record 1 (id "b"): field "title": missing (expected a string)"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": "t", "subtitle": 3}]"#,
      #"feed_items.json: record 0 (id "a"): field "subtitle": expected a string or null, found an integer"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": "t", "image": {}}]"#,
      #"feed_items.json: record 0 (id "a"): field "image": expected a string or null, found an object"#
    ),
    ("feed_items.json", #"["a"]"#, "feed_items.json: record 0: expected an object, found a string"),
    (
      "products.json", #"[{"id": "p1", "title": "One", "image": null}]"#,
      #"products.json: record 0 (id "p1"): field "image": expected a string, found null"#
    ),
    (
      "orders.json", order(#""items": []"#).replacingOccurrences(of: #""status": "s", "#, with: ""),
      #"orders.json: record 0 (id "o1"): field "status": missing (expected a string)"#
    ),
    (
      "orders.json", #"[{"id": "o1", "status": "s", "orderedAt": "2021-07-06T12:00:00Z"}]"#,
      #"orders.json: record 0 (id "o1"): field "items": missing (expected an array)"#
    ),
    (
      "orders.json", order(#""items": [{"product": 1, "quantity": 1}]"#),
      #"orders.json: record 0 (id "o1"): field "items[0].product": expected a string, found an integer"#
    ),
    // Ids: empty, wrong type, duplicate.
    ("feed_items.json", #"[{"id": "", "title": "t"}]"#, #"feed_items.json: record 0: field "id": must not be empty"#),
    (
      "products.json", #"[{"id": "", "title": "t", "image": "i"}]"#,
      #"products.json: record 0: field "id": must not be empty"#
    ),
    (
      "orders.json", #"[{"id": "", "status": "s", "orderedAt": "2021-07-06T12:00:00Z", "items": []}]"#,
      #"orders.json: record 0: field "id": must not be empty"#
    ),
    (
      "feed_items.json", #"[{"id": null, "title": "t"}]"#,
      #"feed_items.json: record 0: field "id": expected a string, found null"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": "t"}, {"id": "b", "title": "t"}, {"id": "a", "title": "u"}]"#,
      #"feed_items.json: record 2 (id "a"): field "id": duplicate id "a" (first used by record 0)"#
    ),
    (
      "products.json", #"[{"id": "p1", "title": "t", "image": "i"}, {"id": "p1", "title": "t", "image": "i"}]"#,
      #"products.json: record 1 (id "p1"): field "id": duplicate id "p1" (first used by record 0)"#
    ),
    (
      "orders.json",
      String(order(#""items": [{"product": "p1", "quantity": 1}]"#).dropLast()) + ", "
        + String(order(#""items": [{"product": "p1", "quantity": 1}]"#).dropFirst()),
      #"orders.json: record 1 (id "o1"): field "id": duplicate id "o1" (first used by record 0)"#
    ),
    // Ids longer than 256 characters (here 256 "é" and one "x"), on any backend, and ids of the wrong syntax.
    (
      "feed_items.json", #"[{"id": "\#(String(repeating: "é", count: 256))x", "title": "t"}]"#,
      #"feed_items.json: record 0: field "id": too long: 257 characters (at most 256)"#
    ),
    (
      "products.json", #"[{"id": "\#(String(repeating: "p", count: 4096))", "title": "t", "image": "i"}]"#,
      #"products.json: record 0: field "id": too long: 4096 characters (at most 256)"#
    ),
    (
      "feed_items.json", #"[{"id": "a/b", "title": "t"}]"#,
      #"feed_items.json: record 0: field "id": must not contain "/" (an id is one segment of a path)"#
    ),
    (
      "products.json", #"[{"id": "p 1", "title": "t", "image": "i"}]"#,
      #"products.json: record 0: field "id": must not contain the space U+0020 (an id has none)"#
    ),
    (
      "feed_items.json", #"[{"id": "..", "title": "t"}]"#,
      #"feed_items.json: record 0: field "id": must not start with ".""#
    ),
    // Texts: blank, too long, control characters; empty orders; unknown fields.
    (
      "feed_items.json", #"[{"id": "a", "title": " \u00a0\t"}]"#,
      #"feed_items.json: record 0 (id "a"): field "title": must not contain the control character U+0009"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": " \u3000 "}]"#,
      #"feed_items.json: record 0 (id "a"): field "title": must not be blank"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": ""}]"#,
      #"feed_items.json: record 0 (id "a"): field "title": must not be empty"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": "\#(String(repeating: "🙂", count: 121))"}]"#,
      #"feed_items.json: record 0 (id "a"): field "title": too long: 121 characters (at most 120)"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": "t\u0000"}]"#,
      #"feed_items.json: record 0 (id "a"): field "title": must not contain the control character U+0000"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": "t", "subtitel": "s"}]"#,
      #"feed_items.json: record 0 (id "a"): field "subtitel": unknown field (expected "id", "title", "subtitle", "tag", "image")"#
    ),
    (
      "orders.json", order(#""items": []"#),
      #"orders.json: record 0 (id "o1"): field "items": expected 1 to 100 items, found 0"#
    ),
    (
      "orders.json", order(#""status": " ", "items": []"#).replacingOccurrences(of: #""status": "s", "#, with: ""),
      #"orders.json: record 0 (id "o1"): field "status": must not be blank"#
    ),
    // References and quantities.
    (
      "orders.json", order(#""items": [{"product": "p1", "quantity": 1}, {"product": "ghost", "quantity": 1}]"#),
      #"orders.json: record 0 (id "o1"): field "items[1].product": unknown product "ghost" (not in products.json)"#
    ),
    ("orders.json", quantity("0"), quantityMessage + "found 0"),
    ("orders.json", quantity("-1"), quantityMessage + "found -1"),
    ("orders.json", quantity("1.5"), quantityMessage + "found the number 1.5"),
    ("orders.json", quantity(#""2""#), quantityMessage + "found a string"),
    ("orders.json", quantity("true"), quantityMessage + "found a boolean"),
    ("orders.json", quantity("null"), quantityMessage + "found null"),
    // Instants.
    ("orders.json", instant(#""yesterday""#), instantMessage + #"found "yesterday""#),
    ("orders.json", instant(#""2021-07-06T12:00:00""#), instantMessage + #"found "2021-07-06T12:00:00""#),
    ("orders.json", instant(#""2021-02-29T12:00:00Z""#), instantMessage + #"found "2021-02-29T12:00:00Z""#),
    ("orders.json", instant(#""2021-07-06T24:00:00Z""#), instantMessage + #"found "2021-07-06T24:00:00Z""#),
    ("orders.json", instant(#""2021-7-6T12:00:00Z""#), instantMessage + #"found "2021-7-6T12:00:00Z""#),
    ("orders.json", instant(#""2021-07-06T12:00:00+25:00""#), instantMessage + #"found "2021-07-06T12:00:00+25:00""#),
    ("orders.json", instant("1625572800"), instantMessage + "found an integer"),
  ]

  @Test(arguments: Backend.available, cases)
  func malformedSeedExits65WithOneMessageAndChangesNothing(
    backend: Backend, bad: (file: String, text: String, message: String)
  ) throws {
    let (file, text, message) = bad
    let cli = try CLIHarness()
    let db = try cli.database(backend)
    let database = db.argument
    #expect(try cli.run(["seed", "--db", database]).code == 0)
    let before = try db.dump()
    var files = ["feed_items.json": Self.changedFeed, "products.json": Self.products]
    files[file] = text
    let folder = try cli.seedFolder("bad", files)
    for extra in [[], ["--reset"], ["--generate", "3"]] {
      let result = try cli.run(["seed", "--db", database, "--from", folder] + extra)
      #expect(result.code == 65, "\(extra): \(result.stderr)")
      #expect(result.saysOnce(message), "\(result.stderr)")
      #expect(result.stdout.isEmpty)
      #expect(try db.dump() == before)
    }
  }

  @Test(arguments: Backend.available)
  func aMissingFolderOrAFileInsteadOfAFolderExits66AndChangesNothing(backend: Backend) throws {
    let cli = try CLIHarness()
    let db = try cli.database(backend)
    let database = db.argument
    #expect(try cli.run(["seed", "--db", database]).code == 0)
    let before = try db.dump()
    let file = try cli.seedFolder("plain", ["feed_items.json": Self.changedFeed]) + "/feed_items.json"
    let missing = try cli.run(["seed", "--db", database, "--from", cli.path("nowhere")])
    #expect(missing.code == 66)
    #expect(missing.saysOnce("\(cli.path("nowhere")): the seed folder does not exist"))
    let notAFolder = try cli.run(["seed", "--db", database, "--from", file])
    #expect(notAFolder.code == 66)
    #expect(notAFolder.saysOnce("\(file): not a folder (expected a seed folder)"))
    #expect(try db.dump() == before)
  }

  @Test(.requires(CLIHarness.canHonourFileModes, "needs a non-root user or setpriv to make a file unreadable"))
  func anUnreadableFolderOrFileExits66AndChangesNothing() throws {
    let cli = try CLIHarness()
    let database = cli.path("feed.sqlite")
    #expect(try cli.run(["seed", "--db", database]).code == 0)
    let before = try TestDatabase(database).dump()
    let folder = try cli.seedFolder("locked", ["feed_items.json": Self.changedFeed])
    try cli.setMode(0o000, of: folder)
    let lockedFolder = try cli.runHonouringFileModes(["seed", "--db", database, "--from", folder])
    try cli.setMode(0o755, of: folder)
    #expect(lockedFolder.code == 66)
    #expect(lockedFolder.saysOnce("\(folder): the seed folder cannot be read"))
    try cli.setMode(0o000, of: folder + "/feed_items.json")
    let lockedFile = try cli.runHonouringFileModes(["seed", "--db", database, "--from", folder])
    #expect(lockedFile.code == 66)
    #expect(lockedFile.saysOnce("\(folder)/feed_items.json: the seed file cannot be read"))
    #expect(try TestDatabase(database).dump() == before)
  }
}
