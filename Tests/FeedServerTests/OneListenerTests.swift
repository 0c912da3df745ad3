import FeedServer
import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// A PostgreSQL server holds one listening connection: its event streams follow the commits on the answer memo's
/// `CommitListener` (`FeedSource.awaitCommit`), not on a `CommitWatch` of their own.
@Suite(.requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
struct OneListenerTests {
  /// The streams are given a database they cannot connect to: a watch of their own would never open, yet every
  /// commit reaches the subscriber, heard by the memo's listener.
  @Test func theEventStreamsHearTheCommitsOnTheMemosListener() throws {
    let api = try TestAPI(.postgres)
    let unreachable = StoreLocation.resolve(
      option: api.database.argument + "_no_such_database", environment: [:])
    let changes = ChangeStreams(location: unreachable, streams: EventStreams(limit: 4))
    api.api.changeStreams = changes
    changes.start(composing: api.api)
    defer { changes.stop() }
    let response = api.send("GET", "/v1/events?width=320", as: .anonymous)
    let subscription = EventsRouteTests.Subscription(stream: try #require(response.stream))
    for id in ["l1", "l2"] {
      let posted = api.send("POST", "/v1/feed-items", as: .admin, json: #"{"id": "\#(id)", "title": "New"}"#)
      #expect(posted.status == 201)
      let logged = try api.database.query("SELECT version FROM change_log WHERE id = '\(id)'")
      let version = try #require(UInt64(logged))
      let events = subscription.read(through: version)
      #expect(events.last?.id == String(version), "\(id)")
      let change = try JSONSerialization.jsonObject(with: Data((events.last?.data ?? "").utf8)) as? [String: Any]
      #expect(change?["id"] as? String == id && change?["op"] as? String == "insert", "\(id)")
    }
  }
}
