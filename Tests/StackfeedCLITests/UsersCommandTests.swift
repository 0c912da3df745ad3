import Foundation
import StackfeedTestSupport
import Testing

/// Issue 19, users: `list`/`render --user ID` (else `$STACKFEED_USER`, else `default`) compose the feed for that
/// user, an unknown user exits 67, `seed --generate N --kind user` makes users with orders, the example `promo`
/// kind is per user. On both backends.
@Suite struct UsersCommandTests {
  static let products = #"[{"id": "p1", "title": "P1", "image": "i1"}]"#
  static let items = #"[{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]"#

  /// The `headline` of the header and the id of the order row of a `list --format json` output.
  static func headerAndOrder(_ json: String) throws -> (headline: String?, order: String?) {
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let rows = try #require(document["rows"] as? [[String: Any]])
    let header = rows.first { $0["kind"] as? String == "header" }
    let headline = (header?["texts"] as? [String: Any])?["headline"] as? String
    return (headline, rows.first { $0["kind"] as? String == "order" }?["id"] as? String)
  }

  @Test(arguments: Backend.available)
  func manyUsersEachListTheirOwnHeaderAndLatestOrder(backend: Backend) throws {
    var random = SystemRandomNumberGenerator()
    let count = 10
    var users: [String] = []
    var orders: [String] = []
    var latest: [String: String] = [:]
    for index in 0..<count {
      users.append(#"{"id": "user-\#(index)", "firstName": "Name\#(index)", "lastName": "L"}"#)
      let days = (1...28).shuffled(using: &random).prefix(Int.random(in: 0...3, using: &random))
      for day in days {
        let id = "o-\(index)-\(day)"
        orders.append(
          #"{"id": "\#(id)", "status": "s", "orderedAt": "2021-03-\#(String(format: "%02d", day))T00:00:00Z", "#
            + #""items": [{"product": "p1", "quantity": 1}], "user": "user-\#(index)"}"#)
      }
      latest["user-\(index)"] = days.max().map { "o-\(index)-\($0)" }
    }
    let cli = try CLIHarness()
    let database = try cli.database(backend).argument
    let folder = try cli.seedFolder(
      "users",
      [
        "users.json": "[" + users.joined(separator: ", ") + "]",
        "orders.json": "[" + orders.joined(separator: ", ") + "]",
        "products.json": Self.products, "feed_items.json": Self.items,
        "profile.json": #"{"firstName": "Russell", "lastName": "Warwick"}"#,
      ])
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    for index in 0..<count {
      let listed = try cli.run(["list", "--db", database, "--format", "json", "--user", "user-\(index)"])
      #expect(listed.code == 0, "\(listed.stderr)")
      let shown = try Self.headerAndOrder(listed.stdout)
      #expect(shown.headline == "HI, NAME\(index)")
      #expect(shown.order == latest["user-\(index)"], "\(orders)")
    }
    // The next page's command keeps the user.
    let paged = try cli.run(["list", "--db", database, "--limit", "1", "--user", "user-1"])
    #expect(paged.stdout.hasSuffix(" --user user-1 --after header:0:0:-\n"), "\(paged.stdout)")
    // Without --user, with --user default and with $STACKFEED_USER=default: the same bytes.
    let plain = try cli.run(["list", "--db", database])
    #expect(plain.code == 0 && plain.stdout.contains("HI, RUSSELL"))
    #expect(try cli.run(["list", "--db", database, "--user", "default"]).stdout == plain.stdout)
    cli.environment["STACKFEED_USER"] = "user-3"
    let fromEnvironment = try cli.run(["list", "--db", database, "--format", "json"])
    #expect(try Self.headerAndOrder(fromEnvironment.stdout).headline == "HI, NAME3")
    // --user wins over the environment.
    let given = try cli.run(["list", "--db", database, "--format", "json", "--user", "user-4"])
    #expect(try Self.headerAndOrder(given.stdout).headline == "HI, NAME4")
    let rendered = try cli.run(["render", "--db", database, "--format", "text"])
    #expect(rendered.code == 0 && rendered.stdout.contains("HI, NAME3"))
    let stacked = try cli.run(["render", "--db", database, "--mode", "stack", "--user", "user-5"])
    #expect(stacked.code == 0 && stacked.stdout.contains("HI, NAME5"))
  }

  @Test(arguments: Backend.available)
  func anUnknownUserExits67NamingTheUser(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    for arguments in [["list"], ["list", "--format", "json"], ["render"], ["render", "--mode", "stack"]] {
      let result = try cli.run(arguments + ["--db", database.argument, "--user", "nobody"])
      #expect(result.code == 67, "\(arguments)")
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr == "stackfeed: there is no user \"nobody\" in \(database.name) (stackfeed users lists them)\n")
    }
    cli.environment["STACKFEED_USER"] = "ghost"
    let fromEnvironment = try cli.run(["list", "--db", database.argument])
    #expect(fromEnvironment.code == 67)
    #expect(
      fromEnvironment.stderr
        == "stackfeed: there is no user \"ghost\" in \(database.name) (stackfeed users lists them)\n")
  }

  @Test(arguments: Backend.available)
  func anOrderOfAnUnknownUserExits65NamingFileRecordAndField(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    let folder = try cli.seedFolder(
      "bad",
      [
        "products.json": Self.products,
        "orders.json":
          #"[{"id": "o1", "status": "s", "orderedAt": "2021-01-01T00:00:00Z", "user": "x", "items": [{"product": "p1", "quantity": 1}]}]"#,
      ])
    let result = try cli.run(["seed", "--db", database.argument, "--from", folder])
    #expect(result.code == 65)
    #expect(
      result.stderr
        == #"stackfeed: orders.json: record 0 (id "o1"): field "user": unknown user "x" (not in users.json)"#
        + "\n")
  }

  @Test(arguments: Backend.available)
  func generatingUsersGivesEachFreshIdsAndTheirOwnOrders(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    let generated = try cli.run(
      ["seed", "--db", database.argument, "--generate", "40", "--kind", "user", "--orders-per-user", "4"])
    #expect(generated.code == 0, "\(generated.stderr)")
    #expect(generated.stdout == "generated 40 users (4 orders each)\n")
    #expect(try database.query("SELECT count(*) FROM users") == "41")
    #expect(try database.query("SELECT count(*) FROM orders") == "\(40 * 4 + 1)")
    #expect(try database.query("SELECT count(DISTINCT user_id) FROM orders") == "41")
    #expect(
      try database.query(
        "SELECT count(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM line_item WHERE order_id = o.id)") == "0")
    let some = try database.query("SELECT id FROM users WHERE id <> 'default' ORDER BY id LIMIT 3").split(
      separator: "\n")
    for user in some {
      let latest = try database.query(
        "SELECT id FROM orders WHERE user_id = '\(user)' ORDER BY ordered_at DESC, id DESC LIMIT 1")
      let listed = try cli.run(["list", "--db", database.argument, "--format", "json", "--user", String(user)])
      #expect(listed.code == 0)
      #expect(try Self.headerAndOrder(listed.stdout).order == latest)
    }
    let defaults = try cli.run(["seed", "--db", database.argument, "--generate", "2", "--kind", "user"])
    #expect(defaults.stdout == "generated 2 users (3 orders each)\n")
    let misplaced = try cli.run(["seed", "--db", database.argument, "--generate", "2", "--orders-per-user", "2"])
    #expect(misplaced.code == 64)
    #expect(misplaced.stderr.hasPrefix("stackfeed: --orders-per-user goes with --generate N --kind user\n"))
  }

  @Test(arguments: Backend.available)
  func theExamplesMembersPromoIsShownToItsUsersOnly(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend).argument
    let members = CLIHarness.repository.appendingPathComponent("Examples/PromoPlugin/Seeds/members").path
    #expect(try cli.run(["seed", "--db", database], executable: CLIHarness.promoBinary).code == 0)
    let seeded = try cli.run(["seed", "--db", database, "--from", members], executable: CLIHarness.promoBinary)
    #expect(seeded.code == 0, "\(seeded.stderr)")
    func promos(_ user: String?) throws -> [String] {
      let result = try cli.run(
        ["list", "--db", database, "--format", "json"] + (user.map { ["--user", $0] } ?? []),
        executable: CLIHarness.promoBinary)
      #expect(result.code == 0, "\(result.stderr)")
      return result.stdout.matches(of: /"kind": "promo", "id": "([\w-]+)"/).map { String($0.1) }
    }
    #expect(try promos(nil) == ["spring", "app"])
    #expect(try promos("ada") == ["spring", "app", "members"])
    #expect(try promos("grace") == ["spring", "app"])
    let bad = try cli.seedFolder("bad", ["promos.json": #"[{"id": "x", "text": "X", "users": ["ada"]}]"#])
    let refused = try cli.run(["seed", "--db", database, "--from", bad], executable: CLIHarness.promoBinary)
    #expect(refused.code == 65)
    #expect(
      refused.stderr
        == #"stackfeed: promos.json: record 0 (id "x"): field "users[0]": unknown user "ada" (not in users.json)"#
        + "\n")
  }
}
