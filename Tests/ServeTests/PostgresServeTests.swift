import Foundation
import StackfeedTestSupport
import Testing

/// `stackfeed serve --db postgres://…` against a throwaway cluster: the same answers as on SQLite, and a server
/// restart underneath costs a reconnect, never a wrong page. Skipped, saying why, without libmicrohttpd or
/// PostgreSQL.
@Suite(
  "serve on PostgreSQL",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote),
  .requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
struct PostgresServeTests {
  static let targets = [
    "/v1/feed", "/v1/feed?limit=4&time_zone=Europe/Paris", "/v1/feed?limit=3&after=feed_item:40:40:40",
    "/v1/render?width=320&format=json", "/v1/render?width=390&format=svg&limit=5",
    "/v1/rows/order/8d3f2a90-6b7e-4c1d-8e2f-3a4b5c6d0001", "/v1/rows/feed_item/item-7",
    "/v1/rows/header/profile", "/v1/stack?width=320",
  ]

  @Test("every endpoint answers the same bytes and ETag on SQLite and on PostgreSQL")
  func sameAnswersOnBothBackends() throws {
    let url = try PostgresCluster.shared().makeDatabase()
    var answers: [[String]] = []
    for database in [nil, url] {
      let server = try ServerProcess()
      let db = database ?? server.database
      let folder = try Self.seedFolder(in: server)
      for arguments in [["seed"], ["seed", "--from", folder]] {
        let result = try server.run([arguments[0], "--db", db] + arguments.dropFirst())
        #expect(result.code == 0, "\(result.stderr)")
      }
      try server.start(["--db", db, "--quiet"])
      answers.append(
        try Self.targets.map { target in
          let reply = try server.get(target)
          return "\(target) \(reply.status) \(reply.header("ETag") ?? "-")\n"
            + String(decoding: reply.body, as: UTF8.self)
        })
      #expect(server.stop() == 0)
    }
    #expect(answers[0] == answers[1])
    #expect(answers[0].allSatisfy { $0.contains(" 200 ") })
  }

  @Test("a PostgreSQL restart under a running server: the next requests reconnect and get the right page")
  func aServerRestartCostsAReconnectNotAWrongAnswer() throws {
    let cluster = try PostgresCluster.start()
    defer { cluster.stop() }
    let url = cluster.url()
    let server = try ServerProcess()
    #expect(try server.run(["seed", "--db", url]).code == 0)
    try server.start(["--db", url, "--quiet", "--threads", "1"])
    let before = try server.get("/v1/feed?limit=5")
    #expect(before.status == 200)
    try cluster.restart()
    let after = try server.get("/v1/feed?limit=5")
    #expect(after.status == 200)
    #expect(String(decoding: after.body, as: UTF8.self) == String(decoding: before.body, as: UTF8.self))
    #expect(server.stop() == 0)
  }

  /// 60 feed items with fixed ids, written as a seed folder.
  static func seedFolder(in server: ServerProcess) throws -> String {
    let items = (1...60).map { number in
      #"{"id": "item-\#(number)", "title": "Item \#(number)", "tag": \#(number % 3 == 0 ? #""sale""# : "null")}"#
    }
    let folder = server.path("seeds")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("[\(items.joined(separator: ","))]".utf8).write(to: URL(fileURLWithPath: folder + "/feed_items.json"))
    return folder
  }
}
