import FeedStore
import SQLCore
import Testing

@Suite struct StoreLocationTests {
  @Test(
    arguments: [
      ("/x/a.sqlite", ["STACKFEED_DB": "/y/b.sqlite"], "/x/a.sqlite", StoreLocation.Source.option),
      (nil, ["STACKFEED_DB": "/y/b.sqlite", "XDG_DATA_HOME": "/data"], "/y/b.sqlite", .environment),
      ("", ["STACKFEED_DB": "/y/b.sqlite"], "/y/b.sqlite", .environment),
      (
        nil, ["STACKFEED_DB": "", "XDG_DATA_HOME": "/data", "HOME": "/home/u"], "/data/stackfeed/stackfeed.sqlite",
        .embeddedDefault
      ),
      (nil, ["XDG_DATA_HOME": "/data/", "HOME": "/home/u"], "/data/stackfeed/stackfeed.sqlite", .embeddedDefault),
      (nil, ["HOME": "/home/u"], "/home/u/.local/share/stackfeed/stackfeed.sqlite", .embeddedDefault),
      (
        nil, ["XDG_DATA_HOME": "", "HOME": "/home/u"], "/home/u/.local/share/stackfeed/stackfeed.sqlite",
        .embeddedDefault
      ),
      (
        nil, ["XDG_DATA_HOME": "relative", "HOME": "/home/u"], "/home/u/.local/share/stackfeed/stackfeed.sqlite",
        .embeddedDefault
      ),
    ] as [(String?, [String: String], String, StoreLocation.Source)])
  func thePathComesFromTheOptionThenTheEnvironmentThenXDG(
    option: String?, environment: [String: String], path: String, source: StoreLocation.Source
  ) {
    let location = StoreLocation.resolve(option: option, environment: environment)
    #expect(location.path == path)
    #expect(location.source == source)
    #expect(location.isEmbeddedDefault == (source == .embeddedDefault))
  }

  @Test func withoutHOMETheDefaultIsUnderTheAccountsHomeFolderNotTheCurrentOne() {
    let location = StoreLocation.resolve(option: nil, environment: [:], accountHome: "/home/acct")
    #expect(location.path == "/home/acct/.local/share/stackfeed/stackfeed.sqlite")
    #expect(location.isEmbeddedDefault)
    let unknown = StoreLocation.resolve(option: nil, environment: ["HOME": ""], accountHome: nil)
    #expect(unknown.path == "./.local/share/stackfeed/stackfeed.sqlite")
  }

  @Test func theAccountHomeIsAnAbsolutePath() {
    // Every account of the machine running the tests has a passwd entry with an absolute home folder.
    #expect(StoreLocation.accountHome()?.hasPrefix("/") == true)
  }

  @Test(arguments: [
    ("/tmp/feed.sqlite", SQLDialect.sqlite, "/tmp/feed.sqlite"),
    ("postgres://feed:s3cret@db.example:5432/stackfeed", .postgres, "postgres://feed@db.example:5432/stackfeed"),
    ("POSTGRESQL://feed@db.example/stackfeed", .postgres, "POSTGRESQL://feed@db.example/stackfeed"),
    (
      "postgresql:///stackfeed?host=/run/pg&password=s3cret&sslmode=off", .postgres,
      "postgresql:///stackfeed?host=/run/pg&sslmode=off"
    ),
    ("postgres://db.example/stackfeed?password=s3cret", .postgres, "postgres://db.example/stackfeed"),
    ("postgresish.sqlite", .sqlite, "postgresish.sqlite"),
  ])
  func aURLNamesPostgreSQLAndIsShownWithoutItsPassword(given: String, dialect: SQLDialect, shown: String) {
    let location = StoreLocation.resolve(option: given, environment: [:])
    #expect(location.dialect == dialect)
    #expect(location.name == shown)
    #expect(location.path == given)
  }
}
