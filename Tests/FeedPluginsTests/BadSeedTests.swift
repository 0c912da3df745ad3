import FeedPlugins
import FeedStore
import Testing

@Suite struct BadSeedTests {
  /// A valid change to the feed items: were anything written, the dump would differ.
  static let changedItems = #"[{"id": "zz", "title": "Would change the feed"}]"#

  static let order = #"{"id": "o1", "status": "s", "orderedAt": "2021-07-06T12:00:00Z", "items": ITEMS}"#

  static func orders(_ items: String) -> String {
    "[" + order.replacingOccurrences(of: "ITEMS", with: items) + "]"
  }

  static let cases: [(file: String, json: String, message: String)] = [
    ("feed_items.json", #"[{"id": "a", "title": "x""#, "feed_items.json: malformed JSON"),
    (
      "feed_items.json", "[{\"id\": \"a\",\n \"title\": }]",
      "feed_items.json: malformed JSON (unexpected character) at line 2, column 11"
    ),
    ("profile.json", "", "profile.json: malformed JSON"),
    (
      "feed_items.json", #"[{"id": "a", "title": "x"}, {"id": "b", "title": "y", "tag": "t", "title": "z"}]"#,
      #"feed_items.json: the key "title" is given twice in one object at line 1, column 67"#
    ),
    (
      "orders.json", orders(#"[{"product": "vital-top", "quantity": 1, "quantity": 2}]"#),
      #"orders.json: the key "quantity" is given twice in one object at line 1, column 117"#
    ),
    (
      "feed_items.json", "[{\"id\": \"a,]\", \"title\": \"x\"},\n {\"id\": \"b\", \"title\": \"y\"} ,\n]",
      "feed_items.json: malformed JSON (a comma before a closing bracket) at line 2, column 28"
    ),
    (
      "profile.json", #"{"firstName": "A", "lastName": "B", "first\u004eame": "C"}"#,
      #"profile.json: the key "firstName" is given twice in one object at line 1, column 37"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": "\ud800"}]"#,
      #"feed_items.json: malformed JSON (invalid \u escape: a lone surrogate) at line 1, column 24"#
    ),
    (
      "profile.json", "{\"firstName\": \"A\\\\\", \"lastName\": \"B\",}",
      "profile.json: malformed JSON (a comma before a closing bracket) at line 1, column 37"
    ),
    (
      "feed_items.json", #"{"id": "a", "title": "x"}"#,
      "feed_items.json: expected an array of records at the top level, found an object"
    ),
    ("profile.json", "[]", "profile.json: expected an object at the top level, found an array"),
    ("profile.json", #"{"firstName": "Ada"}"#, #"profile.json: field "lastName": missing (expected a string)"#),
    ("feed_items.json", "[1]", "feed_items.json: record 0: expected an object, found an integer"),
    (
      "feed_items.json", #"[{"id": "a"}]"#,
      #"feed_items.json: record 0 (id "a"): field "title": missing (expected a string)"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": 5}]"#,
      #"feed_items.json: record 0 (id "a"): field "title": expected a string, found an integer"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": "t", "tag": true}]"#,
      #"feed_items.json: record 0 (id "a"): field "tag": expected a string or null, found a boolean"#
    ),
    ("feed_items.json", #"[{"title": "t"}]"#, #"feed_items.json: record 0: field "id": missing (expected a string)"#),
    ("feed_items.json", #"[{"id": "", "title": "t"}]"#, #"feed_items.json: record 0: field "id": must not be empty"#),
    (
      "feed_items.json", #"[{"id": 7, "title": "t"}]"#,
      #"feed_items.json: record 0: field "id": expected a string, found an integer"#
    ),
    (
      "feed_items.json", #"[{"id": "a", "title": "t"}, {"id": "a", "title": "u"}]"#,
      #"feed_items.json: record 1 (id "a"): field "id": duplicate id "a" (first used by record 0)"#
    ),
    (
      "products.json", #"[{"id": "p", "title": "P"}]"#,
      #"products.json: record 0 (id "p"): field "image": missing (expected a string)"#
    ),
    (
      "orders.json", orders(#"[{"product": "nope", "quantity": 1}]"#),
      #"orders.json: record 0 (id "o1"): field "items[0].product": unknown product "nope" (not in products.json)"#
    ),
    (
      "orders.json", orders(#"[{"product": "vital-top", "quantity": 1}, {"product": "vital-top", "quantity": 0}]"#),
      #"orders.json: record 0 (id "o1"): field "items[1].quantity": expected an integer from 1 to 999, found 0"#
    ),
    (
      "orders.json", orders(#"[{"product": "vital-top", "quantity": 1.5}]"#),
      #"orders.json: record 0 (id "o1"): field "items[0].quantity": expected an integer from 1 to 999, found the number 1.5"#
    ),
    (
      "orders.json", orders(#"[{"product": "vital-top", "quantity": "2"}]"#),
      #"orders.json: record 0 (id "o1"): field "items[0].quantity": expected an integer from 1 to 999, found a string"#
    ),
    (
      "orders.json", orders(#"[{"product": "vital-top"}]"#),
      #"orders.json: record 0 (id "o1"): field "items[0].quantity": missing (expected an integer from 1 to 999)"#
    ),
    (
      "orders.json", orders(#"["vital-top"]"#),
      #"orders.json: record 0 (id "o1"): field "items[0]": expected an object, found a string"#
    ),
    (
      "orders.json", orders(#"{}"#),
      #"orders.json: record 0 (id "o1"): field "items": expected an array, found an object"#
    ),
    (
      "orders.json", #"[{"id": "o1", "status": "s", "orderedAt": "yesterday", "items": []}]"#,
      #"orders.json: record 0 (id "o1"): field "orderedAt": expected an ISO-8601 instant such as "2021-07-06T12:00:00Z", found "yesterday""#
    ),
    (
      "orders.json",
      #"[{"id": "o1", "status": "s", "orderedAt": "2021-07-06T12:00:00Z", "user": "nobody", "items": [{"product": "vital-top", "quantity": 1}]}]"#,
      #"orders.json: record 0 (id "o1"): field "user": unknown user "nobody" (not in users.json)"#
    ),
    (
      "orders.json", #"[{"id": "o1", "status": "s", "orderedAt": "2021-07-06T12:00:00Z", "items": [], "user": 7}]"#,
      #"orders.json: record 0 (id "o1"): field "user": expected a string or null, found an integer"#
    ),
    ("users.json", #"{"id": "u1"}"#, "users.json: expected an array of records at the top level, found an object"),
    (
      "users.json", #"[{"id": "u1", "firstName": "Ada"}]"#,
      #"users.json: record 0 (id "u1"): field "lastName": missing (expected a string)"#
    ),
    (
      "users.json",
      #"[{"id": "u1", "firstName": "A", "lastName": "B"}, {"id": "u1", "firstName": "C", "lastName": "D"}]"#,
      #"users.json: record 1 (id "u1"): field "id": duplicate id "u1" (first used by record 0)"#
    ),
    (
      "users.json", #"[{"id": "default", "firstName": "A", "lastName": "B"}]"#,
      #"users.json: record 0 (id "default"): field "id": duplicate id "default" (profile.json is the user "default")"#
    ),
    (
      "users.json", #"[{"id": "", "firstName": "A", "lastName": "B"}]"#,
      #"users.json: record 0: field "id": must not be empty"#
    ),
  ]

  @Test(arguments: cases)
  func badInputIsRejectedByNameAndTheDatabaseIsUnchanged(file: String, json: String, message: String) throws {
    let store = try TestStore()
    try store.seed(SeedFiles.referenceTexts)
    let before = try store.dump()
    var files = SeedFiles.referenceTexts
    files["feed_items.json"] = Self.changedItems
    files[file] = json
    for reset in [false, true] {
      let error = try #require(throws: SeedError.self) { try store.seed(files, reset: reset) }
      #expect(error.description.hasPrefix(message), "\(error.description)")
      #expect(try store.dump() == before)
    }
  }
}
