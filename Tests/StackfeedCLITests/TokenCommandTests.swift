import Foundation
import StackfeedTestSupport
import Testing

/// `stackfeed token create|list|revoke` on a real database of each backend: the token printed once and alone,
/// never listed, the exit codes of unknown users (67) and tokens (65).
@Suite struct TokenCommandTests {
  /// A harness and a seeded database on `backend` (the reference feed: the user `default`).
  static func seeded(_ backend: Backend) throws -> (CLIHarness, TestDatabase) {
    let cli = try CLIHarness()
    let database = try backend.makeDatabase(in: cli.folder)
    let seeded = try cli.run(["seed", "--db", database.argument])
    try #require(seeded.code == 0, "\(seeded.stderr)")
    try database.execute("INSERT INTO users (id, first_name, last_name) VALUES ('ann', 'Ann', 'Lee')")
    return (cli, database)
  }

  static func listed(_ cli: CLIHarness, _ database: TestDatabase) throws -> [[String: Any]] {
    let result = try cli.run(["token", "list", "--db", database.argument, "--format", "json"])
    try #require(result.code == 0, "\(result.stderr)")
    return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
  }

  @Test(arguments: Backend.available)
  func createPrintsTheTokenAloneAndListNeverShowsIt(backend: Backend) throws {
    let (cli, database) = try Self.seeded(backend)
    let created = try cli.run(["token", "create", "--db", database.argument, "--user", "ann", "--name", "phone"])
    #expect(created.code == 0, "\(created.stderr)")
    #expect(created.stdout.wholeMatch(of: /sft_[0-9a-f]{64}\n/) != nil, "\(created.stdout)")
    let secret = String(created.stdout.dropLast())
    let id = try #require(created.stderr.firstMatch(of: /tok_[0-9a-f]{16}/).map { String($0.output) })
    #expect(created.stderr.contains("shown only this once"))
    let write = try cli.run(["token", "create", "--db", database.argument, "--user", "default", "--scope", "write"])
    #expect(write.code == 0, "\(write.stderr)")

    let tokens = try Self.listed(cli, database)
    #expect(tokens.count == 2)
    let phone = try #require(tokens.first { $0["id"] as? String == id })
    #expect(Set(phone.keys) == ["id", "user", "scope", "name", "createdAt", "lastUsedAt"])
    #expect(phone["user"] as? String == "ann")
    #expect(phone["scope"] as? String == "read")
    #expect(phone["name"] as? String == "phone")
    #expect(phone["lastUsedAt"] is NSNull)
    let createdAt = try #require(phone["createdAt"] as? String)
    #expect(createdAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(createdAt)")
    let other = try #require(tokens.first { $0["id"] as? String != id })
    #expect(other["scope"] as? String == "write")
    #expect(other["name"] is NSNull)

    let text = try cli.run(["token", "list", "--db", database.argument])
    #expect(text.code == 0)
    #expect(text.stdout.hasPrefix("ID "))
    #expect(text.stdout.contains(id) && text.stdout.contains("phone"))
    // The secret is nowhere: not in either listing, not in the database.
    let hex = String(secret.dropFirst(4))
    for output in [text.stdout, text.stderr, try Self.listedText(cli, database)] {
      #expect(!output.contains(hex))
    }
    #expect(!(try database.dump().joined(separator: "\n").contains(hex)))
  }

  static func listedText(_ cli: CLIHarness, _ database: TestDatabase) throws -> String {
    try cli.run(["token", "list", "--db", database.argument, "--format", "json"]).stdout
  }

  @Test(arguments: Backend.available)
  func anUnknownUserIsExit67AndWritesNothing(backend: Backend) throws {
    let (cli, database) = try Self.seeded(backend)
    let result = try cli.run(["token", "create", "--db", database.argument, "--user", "nobody"])
    #expect(result.code == 67)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr == "stackfeed: there is no user \"nobody\" in \(database.name) (stackfeed users lists them)\n")
    #expect(try database.query("SELECT count(*) FROM tokens") == "0")
  }

  @Test(arguments: Backend.available)
  func revokeTakesTheTokenOutOfTheListAndAnUnknownIdIsExit65(backend: Backend) throws {
    let (cli, database) = try Self.seeded(backend)
    #expect(try cli.run(["token", "create", "--db", database.argument, "--user", "ann"]).code == 0)
    let id = try #require(try Self.listed(cli, database).first?["id"] as? String)
    let revoked = try cli.run(["token", "revoke", id, "--db", database.argument])
    #expect(revoked.code == 0)
    #expect(revoked.stderr == "stackfeed: revoked the token \(id)\n")
    #expect(try Self.listed(cli, database).isEmpty)
    #expect(try cli.run(["token", "list", "--db", database.argument, "--format", "json"]).stdout == "[]\n")
    let again = try cli.run(["token", "revoke", id, "--db", database.argument])
    #expect(again.code == 0)
    #expect(again.stderr == "stackfeed: the token \(id) was already revoked\n")
    let unknown = try cli.run(["token", "revoke", "tok_0000000000000000", "--db", database.argument])
    #expect(unknown.code == 65)
    #expect(unknown.stderr == "stackfeed: no token has the id \"tok_0000000000000000\" (token list shows the ids)\n")
  }

  @Test(
    "bad usage is exit 64 with the command's usage",
    arguments: [
      (["token"], "token takes one of: create, list, revoke"),
      (["token", "mint"], "token takes one of: create, list, revoke, not \"mint\""),
      (["token", "create"], "--user is needed: the id of the user the token acts as"),
      (["token", "create", "--user", "ann", "--scope", "root"], "--scope"),
      (["token", "create", "--user", "ann", "--name", ""], "--name takes a label"),
      (["token", "revoke"], "the id of the token to revoke is needed"),
      (["token", "list", "--format", "xml"], "--format"),
    ])
  func badUsage(arguments: [String], message: String) throws {
    let cli = try CLIHarness()
    let result = try cli.run(arguments)
    #expect(result.code == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.contains("usage: stackfeed "))
    #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
  }

  @Test(arguments: ["create", "list", "revoke"])
  func eachSubcommandHasItsHelp(subcommand: String) throws {
    let cli = try CLIHarness()
    let viaFlag = try cli.run(["token", subcommand, "--help"])
    let viaHelp = try cli.run(["help", "token", subcommand])
    #expect(viaFlag.code == 0 && viaHelp.code == 0)
    #expect(viaFlag.stdout == viaHelp.stdout)
    #expect(viaFlag.stdout.hasPrefix("usage: stackfeed token \(subcommand)"), "\(viaFlag.stdout)")
    #expect(try cli.run(["--help"]).stdout.contains("  token \(subcommand) "))
  }
}
