import Foundation
import StackfeedTestSupport
import Testing

@Suite(
  "serve: start, stop, database trouble",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct LifecycleTests {
  @Test("without --db it serves the embedded default database, created and seeded on first use")
  func defaultDatabase() throws {
    let server = try ServerProcess()
    try server.start()
    #expect(server.log.contains("created"))
    #expect(server.log.contains("/data/stackfeed/stackfeed.sqlite"))
    #expect(try server.get("/v1/feed").text.contains("HI, RUSSELL"))
  }

  @Test("a taken port is exit 74 with a sentence naming it")
  func portTaken() throws {
    let server = try ServerProcess()
    try server.seed()
    try server.start(["--db", server.database])
    let second = try server.run(["serve", "--db", server.database, "--port", String(server.port)])
    #expect(second.code == 74)
    #expect(second.stderr.contains("127.0.0.1 port \(server.port) is already in use"), "\(second.stderr)")
    #expect(try server.get("/healthz").status == 200)
  }

  @Test("SIGINT stops it cleanly: exit 0, the database closed (no -wal left), the port free")
  func sigint() throws {
    let server = try ServerProcess()
    try server.seed()
    try server.start(["--db", server.database])
    #expect(try server.get("/v1/feed").status == 200)
    #expect(server.stop(signal: SIGINT) == 0)
    #expect(server.log.contains("stopped"))
    #expect(!FileManager.default.fileExists(atPath: server.database + "-wal"), "the last connection checkpointed")
    #expect(throws: HTTPClientError.self) { try server.get("/healthz") }
  }

  @Test(
    "a missing database is 503 with Retry-After (/readyz too; /healthz stays 200) once the reads have looked again, and it serves again once it is back"
  )
  func missingDatabase() throws {
    let server = try ServerProcess()
    try server.seed()
    try server.start(["--db", server.database])
    #expect(try server.get("/v1/feed").status == 200)
    let aside = server.path("aside.sqlite")
    try FileManager.default.moveItem(atPath: server.database, toPath: aside)
    // A file found is looked up again within 10 ms (FileLookup); a missing one on every read.
    try waitUntil(seconds: 5) { try server.get("/v1/feed").status == 503 }
    for target in ["/v1/feed", "/v1/render", "/readyz"] {
      let reply = try server.get(target)
      #expect(reply.status == 503, "\(target)")
      #expect(reply.header("Retry-After") == "1")
      #expect(!reply.text.contains(server.database), "the body names no file")
      let instance = try #require(reply.text.firstMatch(of: /urn:stackfeed:request:[0-9a-f]{16}/)?.output)
      #expect(server.log.contains("\(instance): the database \(server.database) is missing"), "\(server.log)")
    }
    #expect(try server.get("/healthz").status == 200, "liveness: the process serves")
    try FileManager.default.moveItem(atPath: aside, toPath: server.database)
    #expect(try server.get("/v1/feed").text.contains("HI, RUSSELL"))
    #expect(try server.get("/readyz").status == 200)
  }

  @Test(
    "a database file held under another process's exclusive lock is 503 with Retry-After, then 200 once released",
    .requires(OptionalTool.sqlite3.isInstalled, OptionalTool.sqlite3.skipNote))
  func lockedDatabase() throws {
    let server = try ServerProcess()
    try server.seed()
    try server.start(["--db", server.database])
    #expect(try server.get("/v1/feed?limit=1").status == 200)
    // WAL readers are never locked out by a writer; a file in rollback-journal mode under an exclusive lock
    // is. Such a file, locked by a sqlite3 shell, replaces the served one.
    let swapped = server.path("swapped.sqlite")
    try FileManager.default.copyItem(atPath: server.database, toPath: swapped)
    let shell = try #require(OptionalTool.sqlite3.url)
    let locker = Process()
    locker.executableURL = shell
    locker.arguments = [swapped]
    let input = Pipe()
    let output = Pipe()
    locker.standardInput = input
    locker.standardOutput = output
    try locker.runUnblocked()
    let lockSQL =
      "PRAGMA journal_mode=DELETE;\nPRAGMA locking_mode=EXCLUSIVE;\nBEGIN EXCLUSIVE;\n"
      + "UPDATE users SET first_name = first_name;\nSELECT 'held';\n"
    input.fileHandleForWriting.write(Data(lockSQL.utf8))
    var said = ""
    while !said.contains("held") {
      let data = output.fileHandleForReading.availableData
      guard !data.isEmpty else { break }
      said += String(decoding: data, as: UTF8.self)
    }
    #expect(rename(swapped, server.database) == 0)
    // The reads look the file up again within 10 ms (FileLookup), then open the locked one.
    var locked = try server.get("/v1/feed?limit=1")
    try waitUntil(seconds: 15) {
      if locked.status == 200 { locked = try server.get("/v1/feed?limit=1") }
      return locked.status != 200
    }
    #expect(locked.status == 503, "\(locked.text)")
    #expect(locked.header("Retry-After") == "1")
    let instance = try #require(locked.text.firstMatch(of: /urn:stackfeed:request:[0-9a-f]{16}/)?.output)
    #expect(server.log.contains(instance) && server.log.contains("locked"), "the cause in the log: \(server.log)")
    try input.fileHandleForWriting.close()
    locker.waitUntilExit()
    #expect(try server.get("/v1/feed?limit=1").status == 200)
  }
}
