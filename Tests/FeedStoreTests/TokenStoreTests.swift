import FeedStore
import Foundation
import Hashing
import SQLCore
import StackfeedTestSupport
import Testing

/// The token store on a real database of each backend: secrets from the CSPRNG stored as hashes only, verified
/// by hash, revocation, the users a token may act as, and the batched record of uses.
@Suite struct TokenStoreTests {
  /// A store with the account tables (users, tokens) and the users `ann` and `bob`.
  final class Store {
    let database: TestDatabase
    let connection: StoreConnection
    let tokens: TokenStore
    private let folder: URL

    init(_ backend: Backend) throws {
      folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      database = try backend.makeDatabase(in: folder)
      let location = StoreLocation.resolve(option: database.argument, environment: [:])
      connection =
        try FeedDatabase.open(location: location, migrations: BundledFiles.accounts.migrations, now: Date.init)
        .database
      try connection.execute(
        "INSERT INTO users (id, first_name, last_name) VALUES ('ann', 'Ann', 'A'), ('bob', 'Bob', 'B')")
      tokens = TokenStore(connection)
    }

    deinit {
      try? FileManager.default.removeItem(at: folder)
    }
  }

  @Test(arguments: Backend.available)
  func aCreatedTokenVerifiesAsItsUserAndOnlyItsHashIsStored(backend: Backend) throws {
    let store = try Store(backend)
    let (token, secret) = try store.tokens.create(user: "ann", scope: .write, name: "phone", at: 1_000)
    #expect(secret.text.wholeMatch(of: /sft_[0-9a-f]{64}/) != nil, "\(secret.text)")
    #expect(token.id.wholeMatch(of: /tok_[0-9a-f]{16}/) != nil, "\(token.id)")
    #expect(token == Token(id: token.id, user: "ann", scope: .write, name: "phone", createdAt: 1_000))
    #expect(try store.tokens.verify(secret.text) == token)
    #expect(try store.tokens.list() == [token])
    // The database holds the SHA-256 of the token (what sha256sum prints), never the token.
    let dump = try store.database.dump().joined(separator: "\n")
    #expect(!dump.contains(secret.text.dropFirst(TokenSecret.prefix.count)))
    #expect(try store.database.query("SELECT secret_hash FROM tokens") == SHA256.hexDigest(secret.text.utf8))
  }

  @Test(
    "anything but a live token's exact text verifies as nobody",
    arguments: Backend.available)
  func onlyTheExactTokenVerifies(backend: Backend) throws {
    let store = try Store(backend)
    let secret = try store.tokens.create(user: "ann", scope: .read, name: nil, at: 1).secret.text
    let last = secret.last == "0" ? "1" : "0"
    let presented = [
      "", "Bearer " + secret, secret.uppercased(), secret + " ", " " + secret, String(secret.dropLast()),
      String(secret.dropLast()) + last, "tok_" + secret.dropFirst(4), secret.replacingOccurrences(of: "sft_", with: ""),
      TokenSecret.generate().text,
    ]
    for text in presented {
      #expect(try store.tokens.verify(text) == nil, "\(text)")
    }
    #expect(try store.tokens.verify(secret)?.user == "ann")
  }

  @Test(arguments: Backend.available)
  func aRevokedTokenVerifiesAsNobodyAndLeavesTheList(backend: Backend) throws {
    let store = try Store(backend)
    let (token, secret) = try store.tokens.create(user: "bob", scope: .admin, name: nil, at: 5)
    let (other, _) = try store.tokens.create(user: "bob", scope: .read, name: "cli", at: 6)
    #expect(try store.tokens.revoke(id: token.id, at: 7))
    #expect(try store.tokens.verify(secret.text) == nil)
    #expect(try store.tokens.list() == [other])
    #expect(try store.database.query("SELECT revoked_at FROM tokens WHERE id = '\(token.id)'") == "7")
    // Revoking again changes nothing; an unknown id is an error naming it.
    #expect(try store.tokens.revoke(id: token.id, at: 8) == false)
    #expect(try store.database.query("SELECT revoked_at FROM tokens WHERE id = '\(token.id)'") == "7")
    #expect(throws: UnknownToken(id: "tok_nope")) { try store.tokens.revoke(id: "tok_nope", at: 9) }
  }

  @Test(arguments: Backend.available)
  func aTokenIsOnlyForAUserOfTheDatabase(backend: Backend) throws {
    let store = try Store(backend)
    #expect(throws: UnknownUser(id: "carl")) {
      try store.tokens.create(user: "carl", scope: .read, name: nil, at: 1)
    }
    #expect(try store.database.query("SELECT count(*) FROM tokens") == "0")
    // A token whose user is gone (a re-seed without them) authenticates nobody; it is not deleted.
    let secret = try store.tokens.create(user: "bob", scope: .read, name: nil, at: 1).secret
    try store.connection.execute("DELETE FROM users WHERE id = 'bob'")
    #expect(try store.tokens.verify(secret.text) == nil)
    #expect(try store.tokens.list().map(\.user) == ["bob"])
  }

  @Test(arguments: Backend.available)
  func usesAreRecordedInABatchAndNeverGoBack(backend: Backend) throws {
    let store = try Store(backend)
    let first = try store.tokens.create(user: "ann", scope: .read, name: nil, at: 1).token
    let second = try store.tokens.create(user: "bob", scope: .read, name: nil, at: 2).token
    try store.tokens.recordUse([first.id: 100, second.id: 200, "tok_gone": 300])
    #expect(try store.tokens.list().map(\.lastUsedAt) == [100, 200])
    try store.tokens.recordUse([first.id: 50, second.id: 250])
    #expect(try store.tokens.list().map(\.lastUsedAt) == [100, 250])
  }

  @Test(arguments: Backend.available)
  func manyTokensEachVerifyAsTheirOwnUser(backend: Backend) throws {
    let store = try Store(backend)
    var generator = SystemRandomNumberGenerator()
    let users = (0..<20).map { "user\($0)" }
    for user in users {
      try store.connection.execute("INSERT INTO users (id, first_name, last_name) VALUES ($1, 'F', 'L')", [.text(user)])
    }
    var made: [(secret: String, token: Token)] = []
    for index in 0..<100 {
      let user = users.randomElement(using: &generator)!
      let scope = TokenScope.allCases.randomElement(using: &generator)!
      let (token, secret) = try store.tokens.create(user: user, scope: scope, name: "n\(index)", at: Int64(index))
      made.append((secret.text, token))
    }
    #expect(Set(made.map(\.secret)).count == made.count)
    #expect(Set(made.map(\.token.id)).count == made.count)
    for (secret, token) in made.shuffled(using: &generator) {
      #expect(try store.tokens.verify(secret) == token)
    }
    #expect(try store.tokens.list() == made.map(\.token))
  }
}
