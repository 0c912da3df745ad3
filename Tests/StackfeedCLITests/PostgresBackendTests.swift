import Foundation
import StackfeedTestSupport
import Testing

/// The same commands on SQLite and on PostgreSQL (a throwaway cluster, `PostgresCluster`): byte-identical output
/// for the same seeds, the store's guarantees on PostgreSQL (one-transaction seeding, serialised migrators), and
/// connection failures as exit 74 naming the host, never the password. Skipped, saying why, without PostgreSQL.
@Suite(.requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
struct PostgresBackendTests {
  /// One step of a case: the arguments after the command name's `--db`, and whether its stdout is compared
  /// (generated ids are random, so the JSON of generated rows differs between any two runs).
  struct Step: Sendable, CustomStringConvertible {
    var arguments: [String]
    var comparesOutput = true
    var description: String { arguments.joined(separator: " ") }
  }

  static let seeds = [
    "feed_items.json": #"[{"id": "a1", "title": "Press reset", "tag": "new"}, {"id": "a2", "title": "Rise"}]"#,
    "profile.json": #"{"firstName": "Ada", "lastName": "Lovelace"}"#,
  ]
  static let badSeeds = ["feed_items.json": #"[{"id": "a1", "title": "Fine"}, {"id": "a2", "title": 7}]"#]

  /// Command sequences every backend must answer alike (`FOLDER` and `BAD` are seed folders, `DB` the database).
  static let cases: [(name: String, steps: [Step])] = [
    (
      "reference feed, text and JSON",
      [
        Step(arguments: ["seed"]), Step(arguments: ["list"]),
        Step(arguments: ["list", "--format", "json", "--time-zone", "UTC"]),
      ]
    ),
    (
      "seeding twice changes nothing",
      [
        Step(arguments: ["seed"]), Step(arguments: ["seed"]), Step(arguments: ["list", "--format", "json"]),
      ]
    ),
    (
      "reset replaces the feed",
      [
        Step(arguments: ["seed"]), Step(arguments: ["seed", "--reset", "--from", "FOLDER"]),
        Step(arguments: ["list", "--format", "json"]),
      ]
    ),
    (
      "a bad seed folder is refused and changes nothing",
      [
        Step(arguments: ["seed", "--from", "FOLDER"]), Step(arguments: ["seed", "--from", "BAD"]),
        Step(arguments: ["list", "--format", "json"]),
      ]
    ),
    (
      "generated rows, paged by key",
      [
        Step(arguments: ["seed"]), Step(arguments: ["seed", "--generate", "60"]),
        Step(arguments: ["list", "--limit", "7", "--after", "feed_item:20:20:20"]),
        Step(arguments: ["list", "--format", "json", "--limit", "3"], comparesOutput: false),
        Step(arguments: ["list", "--limit", "5", "--after", "order:0:1:1"]),
      ]
    ),
    (
      "render",
      [
        Step(arguments: ["seed"]), Step(arguments: ["render", "--format", "json", "--time-zone", "UTC"]),
        Step(arguments: ["render", "--format", "svg", "--time-zone", "Europe/Paris"]),
        Step(arguments: ["render", "--format", "text", "--width", "320"]),
      ]
    ),
    ("migrate", [Step(arguments: ["migrate"]), Step(arguments: ["migrate"])]),
  ]

  @Test(arguments: cases)
  func bothBackendsAnswerByteForByteAlike(name: String, steps: [Step]) throws {
    let cli = try CLIHarness()
    let folder = try cli.seedFolder("seeds", Self.seeds)
    let bad = try cli.seedFolder("bad", Self.badSeeds)
    let databases = [cli.path("feed.sqlite"), try PostgresCluster.shared().makeDatabase()]
    var answers: [[String]] = []
    for database in databases {
      var answer: [String] = []
      for step in steps {
        let arguments =
          [step.arguments[0], "--db", database]
          + step.arguments.dropFirst().map { $0 == "FOLDER" ? folder : $0 == "BAD" ? bad : $0 }
        let result = try cli.run(arguments)
        let shown = { (text: String) in text.replacingOccurrences(of: Self.name(of: database), with: "DB") }
        answer.append("\(step): exit \(result.code)\n\(step.comparesOutput ? shown(result.stdout) : "")")
        answer.append(shown(result.stderr))
      }
      answers.append(answer)
    }
    #expect(answers[0] == answers[1], "\(name)")
    #expect(answers[0].contains { $0.contains("exit 0") })
  }

  /// How a database is named in messages: a file by its path, a URL without its password.
  static func name(of database: String) -> String {
    guard database.hasPrefix("postgres") else { return database }
    return database.replacing(/:[^:@\/]*@/, with: "@")
  }

  @Test func aSeedThatFailsHalfWayLeavesThePostgreSQLDatabaseUntouched() throws {
    let cli = try CLIHarness()
    let url = try PostgresCluster.shared().makeDatabase()
    #expect(try cli.run(["seed", "--db", url]).code == 0)
    let before = try cli.run(["list", "--db", url, "--format", "json"])
    // Valid JSON and valid records; the database refuses the second item (a CHECK constraint added here: what
    // the rules pass, a database may still refuse), so the write fails after the first item was written in the
    // same transaction, which the --reset had emptied.
    try TestDatabase(url).execute("ALTER TABLE feed_item ADD CONSTRAINT refuse_z2 CHECK (id <> 'z2')")
    let folder = try cli.seedFolder(
      "refused", ["feed_items.json": #"[{"id": "z1", "title": "Written first"}, {"id": "z2", "title": "Refused"}]"#])
    let refused = try cli.run(["seed", "--db", url, "--reset", "--from", folder])
    #expect(refused.code == 74, "\(refused.stderr)")
    #expect(refused.stderr.contains("refuse_z2"), "\(refused.stderr)")
    let after = try cli.run(["list", "--db", url, "--format", "json"])
    #expect(after.stdout == before.stdout)
    #expect(!after.stdout.contains("z1"))
  }

  @Test func processesMigratingOneDatabaseAtOnceTakeTurns() throws {
    let cli = try CLIHarness()
    let url = try PostgresCluster.shared().makeDatabase()
    cli.environment["URL"] = url
    cli.environment["OUT"] = cli.path("migrations")
    // Four processes started together; each exits 0 only if its migrate did.
    let result = try cli.shell(
      #"""
      mkdir -p "$OUT"; pids=()
      for i in 1 2 3 4; do "$BIN" migrate --db "$URL" >"$OUT/$i" 2>&1 & pids+=($!); done
      status=0; for pid in "${pids[@]}"; do wait "$pid" || status=1; done
      cat "$OUT"/*; exit $status
      """#)
    #expect(result.code == 0, "\(result.stdout)")
    let applied = result.stdout.split(separator: "\n").filter { $0.hasPrefix("applied ") }.sorted()
    #expect(
      applied == [
        "applied 0001_header_profile", "applied 0002_feed_item_create", "applied 0003_order_create",
        "applied 0004_account_users", "applied 0005_order_user", "applied 0006_account_tokens",
        "applied 0007_account_idempotency", "applied 0008_header_users", "applied 0009_account_changes",
        "applied 0010_account_images",
        "applied 0011_account_change_log",
        "applied 0012_product_search",
        "applied 0013_account_change_log_check",
      ])
    #expect(try cli.run(["list", "--db", url]).code == 0)
  }

  @Test func aWrongPasswordIsExit74NamingTheHostButNotThePassword() throws {
    let cli = try CLIHarness()
    let cluster = try PostgresCluster.shared()
    let url = cluster.url().replacingOccurrences(of: ":\(cluster.password)@", with: ":Wr0ngSecret@")
    let result = try cli.run(["list", "--db", url])
    #expect(result.code == 74)
    #expect(result.stderr.contains("127.0.0.1"))
    #expect(!result.stderr.contains("Wr0ngSecret"))
    #expect(!result.stderr.contains(cluster.password))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test(arguments: [
    ("postgres://feed:S3cretPw@127.0.0.1:1/feed", "127.0.0.1"),
    ("postgresql://feed:S3cretPw@no-such-host.invalid/feed", "no-such-host.invalid"),
    ("postgres://feed:S3cretPw@[::1/feed", "::1"),
  ])
  func anUnreachableServerOrABadURLIsExit74NamingTheHost(url: String, host: String) throws {
    let result = try CLIHarness().run(["list", "--db", url])
    #expect(result.code == 74)
    #expect(result.stderr.contains(host))
    #expect(!result.stderr.contains("S3cretPw"))
    #expect(result.stderr.split(separator: "\n").count == 1)
  }

  @Test func theEnvironmentVariableTakesAURLToo() throws {
    let cli = try CLIHarness()
    let url = try PostgresCluster.shared().makeDatabase()
    cli.environment["STACKFEED_DB"] = url
    #expect(try cli.run(["seed"]).code == 0)
    let listed = try cli.run(["list", "--limit", "1"])
    #expect(listed.stdout.contains("HI, RUSSELL"))
    #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
  }
}
