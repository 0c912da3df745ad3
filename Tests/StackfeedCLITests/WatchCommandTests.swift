import FeedStore
import Foundation
import StackfeedTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `stackfeed watch` over the real binary: it prints the changes other processes commit (a write recorded by this
/// test process, a `seed --generate` process), only those the user may see, in version order, and ends with
/// exit 0 on SIGINT and SIGTERM; refused arguments.
@Suite struct WatchCommandTests {
  /// A `stackfeed` process started in the background, its stdout and stderr in files.
  final class Background {
    let process = Process()
    let out: URL
    let err: URL

    init(_ cli: CLIHarness, _ arguments: [String]) throws {
      out = URL(fileURLWithPath: cli.path("watch-\(UUID().uuidString).out"))
      err = URL(fileURLWithPath: cli.path("watch-\(UUID().uuidString).err"))
      try Data().write(to: out)
      try Data().write(to: err)
      process.executableURL = CLIHarness.binary
      process.arguments = arguments
      process.environment = cli.environment
      process.standardOutput = try FileHandle(forWritingTo: out)
      process.standardError = try FileHandle(forWritingTo: err)
      process.standardInput = FileHandle.nullDevice
      try process.runUnblocked()
    }

    deinit {
      if process.isRunning { process.terminate() }
    }

    /// The lines printed so far.
    var lines: [String] {
      String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Waits until `count` lines are printed (at most 60 s); the lines.
    func waitForLines(_ count: Int) throws -> [String] {
      let deadline = ContinuousClock.now + .seconds(60)
      while lines.count < count, process.isRunning, ContinuousClock.now < deadline {
        Thread.sleep(forTimeInterval: 0.01)
      }
      return lines
    }
  }

  @Test(
    "watch prints what other processes commit, for its user only, and ends with exit 0 on the signal",
    arguments: Backend.available, [(SIGTERM, "json"), (SIGINT, "text")])
  func printsCommits(backend: Backend, ending: (signal: Int32, format: String)) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    try database.execute("INSERT INTO users (id, first_name, last_name) VALUES ('ada', 'Ada', 'Byron')")
    let since = try database.query("SELECT n FROM store_changes")
    let watch = try Background(
      cli, ["watch", "--db", database.argument, "--since", since, "--format", ending.format, "--width", "320"])
    // This process writes a feed item and an order change of ada's, each with its change; then another process
    // generates rows (a reload).
    let db = try StoreLocation.resolve(option: database.argument, environment: [:]).connect()
    try db.write {
      try db.execute(
        "INSERT INTO feed_item (id, title, subtitle, tag, image, position) VALUES ('w1', 'Watched', NULL, NULL, NULL, -5000)",
        [])
      try ChangeLog.record(
        [
          FeedChange(.insert, kind: "feed_item", id: "w1", for: .everyone),
          FeedChange(.update, kind: "order", id: "ada-order", for: .user("ada")),
        ], in: db)
    }
    #expect(try cli.run(["seed", "--db", database.argument, "--generate", "2", "--no-reference"]).code == 0)
    let lines = try watch.waitForLines(2)
    kill(watch.process.processIdentifier, ending.signal)
    watch.process.waitUntilExit()
    #expect(watch.process.terminationReason == .exit && watch.process.terminationStatus == 0)
    #expect(String(decoding: try Data(contentsOf: watch.err), as: UTF8.self) == "")
    #expect(watch.lines.count == 2, "no change of ada's: \(watch.lines)")
    if ending.format == "text" {
      #expect(
        lines.map { $0.split(separator: " ").dropFirst().joined(separator: " ") } == ["insert feed_item w1", "reload"])
    } else {
      let objects = try lines.map {
        try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
      }
      #expect(objects.map { $0["op"] as? String } == ["insert", "reload"])
      let row = try #require(objects[0]["row"] as? [String: Any])
      #expect(row["kind"] as? String == "feed_item" && row["id"] as? String == "w1")
      #expect((row["card"] as? [String: Any])?["frame"] != nil)
    }
    let versions = lines.compactMap { line in
      line.split(separator: " ").first.flatMap { UInt64($0) }
        ?? (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["version"].flatMap {
          ($0 as? String).flatMap { UInt64($0) }
        }
    }
    #expect(versions.count == 2 && versions[0] < versions[1], "\(lines)")
  }

  @Test("a --since the log no longer holds exits 65; a bad one 64; an unknown user 67", arguments: Backend.available)
  func refusals(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    #expect(try cli.run(["seed", "--db", database.argument]).code == 0)
    let gone = try cli.run(["watch", "--db", database.argument, "--since", "999999"])
    #expect(gone.code == 65)
    #expect(gone.stderr.contains("fetch the feed again"), "\(gone.stderr)")
    #expect(try cli.run(["watch", "--db", database.argument, "--since", "x"]).code == 64)
    #expect(try cli.run(["watch", "--db", database.argument, "--user", "nobody"]).code == 67)
  }
}
