import Foundation
import StackfeedTestSupport
import Testing

/// `stackfeed products [--query Q]` and `stackfeed users` over the real binary; the catalogue's search gives
/// byte-identical answers on SQLite (FTS5) and PostgreSQL (tsvector) for the bundled and generated data.
@Suite struct ProductsCommandTests {
  @Test(arguments: Backend.available)
  func productsListAndSearch(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend).argument
    #expect(try cli.run(["seed", "--db", database]).code == 0)
    let listed = try cli.run(["products", "--db", database])
    #expect(listed.code == 0, "\(listed.stderr)")
    #expect(
      listed.stdout == """
        ID              TITLE            IMAGE
        apex-hoodie     Apex Hoodie      hoodie
        arrival-shorts  Arrival Shorts   shorts
        arrival-tshirt  Arrival T-Shirt  tshirt
        vital-top       Vital Top        top

        """)
    let found = try cli.run(["products", "--db", database, "--query", "HOODIE", "--format", "json"])
    #expect(
      found.stdout == """
        {"products": [
          {"id": "apex-hoodie", "title": "Apex Hoodie", "image": "hoodie"}
        ], "next": null}

        """)
    let paged = try cli.run(["products", "--db", database, "--query", "ar", "--limit", "1"])
    #expect(paged.stdout.hasPrefix("ID              TITLE           IMAGE\narrival-shorts  Arrival Shorts  shorts\n"))
    #expect(paged.stderr.hasSuffix(" --query ar --limit 1 --after 1.14.arrival-shorts\n"), "\(paged.stderr)")
    let none = try cli.run(["products", "--db", database, "--query", "nothing"])
    #expect(none.code == 0)
    #expect(none.stderr.contains(#"no product matches "nothing""#))
    let bad = try cli.run(["products", "--db", database, "--query", "--", "--format", "json"])
    #expect(bad.code == 64)
    #expect(bad.stderr.hasPrefix("stackfeed: --query has no letter or digit to search for\n"))
  }

  @Test(arguments: Backend.available)
  func usersListTheUsers(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend).argument
    let folder = try cli.seedFolder(
      "users",
      [
        "users.json": #"[{"id": "ada", "firstName": "Ada", "lastName": "Lovelace"}]"#,
        "profile.json": #"{"firstName": "Russell", "lastName": "Warwick"}"#,
      ])
    #expect(try cli.run(["seed", "--db", database, "--from", folder]).code == 0)
    #expect(
      try cli.run(["users", "--db", database]).stdout == """
        ID       FIRST NAME  LAST NAME
        ada      Ada         Lovelace
        default  Russell     Warwick

        """)
    #expect(
      try cli.run(["users", "--db", database, "--format", "json"]).stdout == """
        {"users": [
          {"id": "ada", "firstName": "Ada", "lastName": "Lovelace"},
          {"id": "default", "firstName": "Russell", "lastName": "Warwick"}
        ], "next": null}

        """)
  }

  /// Queries over the generated titles (every line and garment, diacritics both ways) and the bundled ones.
  static let queries = [
    "hoodie", "HOOD", "lucia", "lú", "aero", "ærø", "strasse", "STRAẞE", "creme top", "brulee hood", "zip hood",
    "t shirt", "t-sh",
    "top", "a", "s", "sports bra 2", "koln", "zoe", "nandu", "elan", "sarka", "oresund", "fjarran", "cafe", "arr",
    "vital", "apex hoodie 3", "x", "2", "10",
  ]

  /// Every page of `products --query Q --limit N` on `database`, concatenated.
  static func pages(_ cli: CLIHarness, _ database: String, query: String, limit: Int) throws -> String {
    var all = ""
    var after: String?
    repeat {
      let result = try cli.run(
        ["products", "--db", database, "--query", query, "--format", "json", "--limit", String(limit)]
          + (after.map { ["--after", $0] } ?? []))
      #expect(result.code == 0, "\(result.stderr)")
      all += result.stdout
      let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
      after = document?["next"] as? String
    } while after != nil
    return all
  }

  @Test(.requires(PostgresPrograms.areUsable, Backend.postgresSkipNote))
  func searchIsByteIdenticalOnBothBackends() throws {
    let cli = try CLIHarness()
    let sqlite = try cli.database(.sqlite).argument
    let postgres = try cli.database(.postgres)
    // The bundled catalogue and 700 generated products (every title of the generator's round of 144, then
    // numbered), made once on SQLite and loaded as they are into PostgreSQL.
    #expect(try cli.run(["seed", "--db", sqlite]).code == 0)
    #expect(try cli.run(["seed", "--db", sqlite, "--generate", "700", "--kind", "product"]).code == 0)
    let exported = try cli.run(["products", "--db", sqlite, "--format", "json"])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])
    let products = try #require(document["products"] as? [[String: Any]])
    #expect(products.count == 704)
    let file = String(decoding: try JSONSerialization.data(withJSONObject: products), as: UTF8.self)
    let folder = try cli.seedFolder("catalogue", ["products.json": file])
    #expect(try cli.run(["seed", "--db", postgres.argument]).code == 0)
    #expect(try cli.run(["seed", "--db", postgres.argument, "--from", folder]).code == 0)
    #expect(try cli.run(["products", "--db", postgres.argument, "--format", "json"]).stdout == exported.stdout)
    for query in Self.queries {
      let one = try cli.run(["products", "--db", sqlite, "--query", query, "--format", "json"])
      let other = try cli.run(["products", "--db", postgres.argument, "--query", query, "--format", "json"])
      #expect(one.code == 0 && one.stdout == other.stdout, "--query \(query)")
      #expect(one.stdout.contains(#""id""#) || ["x", "10"].contains(query), "--query \(query) finds something")
    }
    // Paged by the cursor, ties and all (the generated titles repeat: many share a rank and a length).
    for query in ["hood", "a", "lucia"] {
      let one = try Self.pages(cli, sqlite, query: query, limit: 40)
      #expect(one == (try Self.pages(cli, postgres.argument, query: query, limit: 40)), "--query \(query), 40 a page")
      #expect(one.components(separatedBy: "\"next\": \"").count >= 2, "--query \(query) has pages")
    }
  }
}
