import PostgresCore
import StackfeedTestSupport
import Testing

/// Connections that cannot be made fail with one sentence naming the host, never the password.
@Suite(needsPostgres) struct ConnectionFailureTests {
  /// The password every URL here carries: it must appear in no message.
  static let password = "hunter2-Secret"

  static func expectFailure(
    _ url: String, kind: PostgresError.Kind, saying parts: [String], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try Connection(url)
      Issue.record("connected to \(url)", sourceLocation: sourceLocation)
    } catch {
      let text = error.description
      #expect(error.kind == kind, "\(text)", sourceLocation: sourceLocation)
      #expect(!text.contains(password), "\(text)", sourceLocation: sourceLocation)
      // libpq's multi-line messages (a hint on its own line after a refused connection) come as one line.
      let lines = text.split(whereSeparator: \.isNewline).count
      #expect(lines == 1, "\(text)", sourceLocation: sourceLocation)
      #expect(error.isConnectionProblem, sourceLocation: sourceLocation)
      for part in parts { #expect(text.contains(part), "\(text)", sourceLocation: sourceLocation) }
    }
  }

  @Test func aWrongPasswordNamesTheServerAndTheUser() throws {
    let cluster = try PostgresCluster.shared()
    Self.expectFailure(
      "postgres://\(PostgresCluster.user):\(Self.password)@127.0.0.1:\(cluster.port)/postgres", kind: .connectionFailed,
      saying: [
        "cannot connect to PostgreSQL at host 127.0.0.1 port \(cluster.port) database postgres",
        "password authentication failed for user \"\(PostgresCluster.user)\"",
      ])
  }

  @Test func anUnknownHostIsNamed() {
    Self.expectFailure(
      "postgres://feed:\(Self.password)@no-such-host.invalid:5432/feed", kind: .connectionFailed,
      saying: ["at host no-such-host.invalid port 5432 database feed", "no-such-host.invalid"])
  }

  @Test func aRefusedPortIsNamed() throws {
    // A port nobody listens on: the cluster's own port plus one is not guaranteed free, so use a closed one.
    Self.expectFailure(
      "postgresql://feed:\(Self.password)@127.0.0.1:1/feed", kind: .connectionFailed,
      saying: ["at host 127.0.0.1 port 1 database feed", "refused; Is the server running on that host"])
  }

  @Test func anUnknownOptionIsNamedByLibpq() {
    Self.expectFailure(
      "postgres://feed:\(Self.password)@127.0.0.1:1/feed?no_such_option=1", kind: .connectionFailed,
      saying: ["no_such_option"])
  }

  @Test func aBadURLNamesTheHost() {
    Self.expectFailure(
      "postgres://feed:\(Self.password)@db.example:54x/feed", kind: .badConnectionString,
      saying: ["bad PostgreSQL URL for host db.example"])
  }

  @Test func aPasswordEchoedByLibpqIsRedacted() {
    // libpq repeats a bad sslmode value; here the value is the password.
    Self.expectFailure(
      "postgres://feed:\(Self.password)@127.0.0.1:1/feed?sslmode=\(Self.password)", kind: .connectionFailed,
      saying: ["sslmode", "***"])
  }
}

/// Where libpq5 is missing (scripts/check-bare-machine.sh hides it), a connection says what to install.
@Test(
  "without libpq5, a connection fails with one sentence naming the package",
  .enabled(if: !OptionalLibrary.libpq.isInstalled, OptionalLibrary.libpq.installedNote))
func withoutLibpqAConnectionNamesThePackage() {
  do {
    _ = try Connection("postgres://feed:\(ConnectionFailureTests.password)@db.example/feed")
    Issue.record("connected without libpq")
  } catch {
    #expect(error.isLibraryMissing)
    let sentence = "PostgreSQL support needs libpq (apt-get install libpq5): cannot load libpq.so.5"
    #expect(error.description.hasPrefix(sentence))
    #expect(!error.description.contains(ConnectionFailureTests.password))
  }
}
