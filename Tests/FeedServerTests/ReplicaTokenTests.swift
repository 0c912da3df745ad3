import FeedPlugins
import FeedServer
import FeedStore
import Foundation
import HTTPServer
import PostgresCore
import StackfeedTestSupport
import Testing

/// With the feed read from a replica (`serve --read-db`), tokens are verified on the primary, where they are
/// made and revoked (HTTP.md: a revoked token stops working at once): in process, over a real hot standby whose
/// replay is paused, so the replica still has the tokens as they were. Over the real binary:
/// ServeTests.SeveralServersTests.
@Suite(
  "FeedAPI reading a hot standby: tokens are verified on the primary, not the replica",
  .requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
struct ReplicaTokenTests {
  static let order = #"{"items": [{"product": "vital-top", "quantity": 1}]}"#

  @Test(
    "a token revoked on the primary is refused at once, and one made there is accepted, before the replica replays either"
  )
  func tokensAreVerifiedOnThePrimary() throws {
    let primary = try PostgresCluster.start()
    defer { primary.stop() }
    let test = try TestAPI(database: TestDatabase(primary.url()))
    try test.addUsers(["ann"])
    let standby = try primary.startStandby()
    defer { standby.stop() }
    let old = try test.tokens().create(user: "ann", scope: .write, name: nil, at: 1)
    try standby.waitForReplay(of: primary)
    let api = FeedAPI(
      location: StoreLocation.resolve(option: standby.url(), environment: [:]),
      writeLocation: StoreLocation.resolve(option: primary.url(), environment: [:]),
      registry: try PluginRegistry.builtIn(), defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) })
    #expect(test.get("/v1/me", token: old.secret.text, api: api).status == 200, "the token works before")

    // The replica stops replaying; the primary revokes the old token and makes a new one.
    let replica = try PostgresCore.Connection(standby.url())
    try replica.execute("SELECT pg_wal_replay_pause()")
    while try replica.queryOne("SELECT pg_get_wal_replay_pause_state()", { try $0.string(at: 0) }) != "paused" {
      usleep(10_000)  // the standby pauses at its next record or wait for WAL: an event, checked every 10 ms
    }
    #expect(try test.tokens().revoke(id: old.token.id, at: 2))
    let new = try test.tokens().create(user: "ann", scope: .write, name: nil, at: 3)
    let replicaIsBehind = {
      let tokens = try replica.queryAll(
        "SELECT id FROM tokens WHERE revoked_at IS NULL ORDER BY id", [], { try $0.string(at: 0) })
      #expect(tokens == [old.token.id], "the replica still has the old token alive and not the new one")
    }
    try replicaIsBehind()

    for target in ["/v1/me", "/v1/me/feed?limit=2"] {
      let refused = test.get(target, token: old.secret.text, api: api)
      #expect(refused.status == 401, "\(target) with the revoked token: \(refused.status) \(refused.text)")
      #expect(refused.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
      let accepted = test.get(target, token: new.secret.text, api: api)
      #expect(accepted.status == 200, "\(target) with the new token: \(accepted.status) \(accepted.text)")
    }
    for (token, status) in [(old.secret.text, 401), (new.secret.text, 201)] {
      var request = TestAPI.request(
        "POST", "/v1/me/orders",
        headers: [HTTPField("Authorization", "Bearer \(token)"), HTTPField("Content-Type", "application/json")])
      request.body = Array(Self.order.utf8)
      let placed = api.respond(to: request)
      #expect(placed.status == status, "an order: \(placed.status) \(placed.text)")
    }
    try replicaIsBehind()

    // Replay resumed, the replica has both changes.
    try replica.execute("SELECT pg_wal_replay_resume()")
    try standby.waitForReplay(of: primary)
    let alive = try replica.queryAll(
      "SELECT id FROM tokens WHERE revoked_at IS NULL ORDER BY id", [], { try $0.string(at: 0) })
    #expect(alive == [new.token.id])
  }
}
