import PostgresCore
import Testing

/// Parsing URLs and key=value strings: no server needed.
@Suite struct ConnectionTargetTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let text: String
    let host: String?
    let port: String?
    let database: String?
    let user: String?
    var testDescription: String { text }
  }

  @Test(arguments: [
    Case(
      text: "postgres://feed:secret@db.example:5433/stackfeed", host: "db.example", port: "5433", database: "stackfeed",
      user: "feed"),
    Case(text: "postgresql://db.example/stackfeed", host: "db.example", port: nil, database: "stackfeed", user: nil),
    Case(text: "POSTGRES://u@h", host: "h", port: nil, database: nil, user: "u"),
    Case(
      text: "postgres://u%40corp:p%2Fw@[::1]:6000/my%20db", host: "::1", port: "6000", database: "my db", user: "u@corp"
    ),
    Case(text: "postgres://a:1,b:2/db", host: "a,b", port: "1,2", database: "db", user: nil),
    Case(
      text: "postgresql:///stackfeed?host=/var/run/postgresql&sslmode=disable", host: "/var/run/postgresql",
      port: nil, database: "stackfeed", user: nil),
    Case(
      text: "host=db.example port=5432 dbname=feed user=u password='s e \\'c'", host: "db.example", port: "5432",
      database: "feed", user: "u"),
    Case(text: "  dbname = feed  ", host: nil, port: nil, database: "feed", user: nil),
  ])
  func readsHostPortDatabaseAndUser(_ example: Case) throws {
    let target = try ConnectionTarget(example.text)
    #expect(target.host == example.host)
    #expect(target.port == example.port)
    #expect(target.database == example.database)
    #expect(target.user == example.user)
    #expect(!target.description.contains("secret"))
  }

  struct BadCase: CustomTestStringConvertible, Sendable {
    let text: String
    /// What the message must say (the host, the part that is wrong).
    let says: [String]
    var testDescription: String { text }
  }

  @Test(arguments: [
    BadCase(
      text: "postgres://u:hunter2zz@db.example:port/feed", says: ["for host db.example", "port must be a number"]),
    BadCase(text: "postgres://u:hunter2zz@db.example:70000/feed", says: ["for host db.example", "1 to 65535"]),
    // "@" missing: what follows the colon would be taken for a port, and it is the password.
    BadCase(text: "postgres://u:hunter2zz/feed", says: ["for host u:", "port"]),
    BadCase(
      text: "postgres://u:hunter2zz%zz@db.example/feed",
      says: ["for host db.example", "the password has a bad percent-escape"]),
    BadCase(
      text: "postgres://u:hunter2zz@db.example/feed?hunter2zz",
      says: ["for host db.example", "query parameter has no value"]),
    BadCase(text: "postgres://u:hunter2zz@[::1/feed", says: ["IPv6"]),
    BadCase(
      text: "host=db.example password='hunter2zz",
      says: ["for host db.example", "\"password\" lacks its closing quote"]),
    BadCase(text: "host=db.example password=x hunter2zz", says: ["for host db.example", "after \"password\""]),
    BadCase(text: "mysql://u:hunter2zz@db.example/feed", says: ["postgres:// URL"]),
    BadCase(text: "", says: ["empty"]),
  ])
  func aBadTextIsRefusedNamingTheHostNeverThePassword(_ example: BadCase) {
    #expect {
      _ = try ConnectionTarget(example.text)
    } throws: { error in
      guard let error = error as? PostgresError else { return false }
      let text = error.description
      return error.kind == .badConnectionString && !text.contains("hunter2zz")
        && example.says.allSatisfy { text.contains($0) }
    }
  }

  @Test func theDescriptionNamesTheServerWithoutThePassword() throws {
    let target = try ConnectionTarget("postgres://feed:hunter2zz@db.example:5433/stackfeed")
    #expect(target.description == "host db.example port 5433 database stackfeed")
  }
}
