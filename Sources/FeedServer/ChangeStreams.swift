import Dispatch
import FeedPlugins
import FeedStore
import Glibc
import HTTPServer
import StackLayout
import StackRender
import Synchronization

/// The subscribers of `GET /v1/events` and `/v1/me/events` on one server, and the one thread that hands them the
/// change log (docs/HTTP.md, "Live changes").
///
/// The thread waits for the store's next commit by any process (on PostgreSQL the store's own ``CommitListener``,
/// so a server holds one listening connection, through ``FeedSource/awaitCommit(past:timeout:)``; else FeedStore's
/// `CommitWatch`: SQLite's `data_version` read every 25 ms, PostgreSQL's notifications where the memo is off; so a
/// write on another `serve` of the same database reaches these subscribers too), then reads, in one snapshot, the changes after the oldest version a subscriber has
/// (``ChangeLog/changes(after:limit:in:)``, every audience) and hands each subscriber, in version order, those
/// after its own version that its viewer may see. A change is composed once per distinct rendering among the
/// subscribers it goes to (width, format, traits, zone; and the viewer for a user's own change), and those bytes
/// are queued on every such subscriber's stream: not once per subscriber. A subscriber that resumes from a version
/// (`Last-Event-ID`) joins at it, and the next round (within ``roundInterval``) brings it up to date by the same
/// path, so it sees every change once, in order, whatever commits meanwhile.
public final class ChangeStreams: Sendable {
  /// How long the thread waits for a commit before it looks again at subscribers that joined behind.
  public static let roundInterval = Duration.milliseconds(100)
  /// The most changes read per round (a subscriber far behind catches up over several).
  static let changesPerRound = 1_000
  /// How long a client waits before it reconnects (`retry:`), in milliseconds.
  static let retryMilliseconds = 2_000

  /// The event streams, their budget and heartbeat (the server writes and ends them).
  public let streams: EventStreams
  private let location: StoreLocation
  private let subscribers = Mutex<[ObjectIdentifier: Subscriber]>([:])
  private let running = Atomic(true)
  private let stopped = DispatchSemaphore(value: 0)
  private let compositions = Atomic(0)
  /// The API from ``start(composing:)`` until the thread takes it.
  private let composer = Mutex<FeedAPI?>(nil)

  /// Subscribers of the database at `location` (the one the server writes), on `streams`; nothing runs before
  /// ``start(composing:)``.
  public init(location: StoreLocation, streams: EventStreams) {
    self.location = location
    self.streams = streams
  }

  /// Starts the thread (a serial queue's, Dispatch's overcommitting pool giving a blocked queue a thread of its
  /// own; Foundation's `Thread` would link FoundationInternationalization, and ICU, into the release binary);
  /// `api` reads the store and composes the changes.
  public func start(composing api: FeedAPI) {
    composer.withLock { $0 = api }
    DispatchQueue(label: "stackfeed-changes").async { [self] in
      // The thread's own reference to the API (so to the store's connections) ends before it says it stopped:
      // `serve` closes its database (the last connection checkpoints SQLite's WAL) before the process exits,
      // which it would not if the block, released after it returns, still held the API.
      if let api = composer.withLock({ $0.take() }) { run(api) }
      stopped.signal()
    }
  }

  /// Stops the thread (the server ends the streams).
  public func stop() {
    guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
    stopped.wait()
  }

  /// The subscribers now.
  public var count: Int { subscribers.withLock { $0.count } }

  /// The changes composed so far, each once per distinct rendering among the subscribers it went to.
  public var composed: Int { compositions.load(ordering: .relaxed) }

  /// Adds a subscriber whose stream is `stream`, which has seen the changes up to `version`, drawn as
  /// `writer` draws them (for its viewer, `viewer`).
  func subscribe(_ stream: EventStream, viewer: String, writer: ChangeWriter, after version: UInt64) {
    let subscriber = Subscriber(stream: stream, viewer: viewer, writer: writer, version: version)
    subscribers.withLock { $0[ObjectIdentifier(stream)] = subscriber }
  }

  /// The stream `stream` ended.
  func unsubscribe(_ stream: EventStream) {
    _ = subscribers.withLock { $0.removeValue(forKey: ObjectIdentifier(stream)) }
  }

  private func run(_ api: FeedAPI) {
    var watcher: CommitWatch?
    var seen: UInt64 = 0
    while running.load(ordering: .acquiring) {
      do {
        if let heard = api.source.awaitCommit(past: seen, timeout: Self.roundInterval) {
          watcher = nil
          seen = max(seen, heard)
        } else {
          let current = try watcher ?? CommitWatch(location)
          watcher = current
          seen = try current.wait(past: seen, timeout: Self.roundInterval)
        }
        try round(api, committed: seen)
      } catch {
        // The database went away (a restart, a lost connection): a new watcher in a moment; the subscribers
        // keep their versions and catch up then.
        watcher = nil
        usleep(500_000)
      }
    }
  }

  /// Hands every subscriber the changes after its version, reading from the oldest of them, when one is behind
  /// the version `committed`; again while a round read as many as it may.
  private func round(_ api: FeedAPI, committed: UInt64) throws {
    while true {
      let present = subscribers.withLock { Array($0.values) }
      guard let from = present.map(\.version).min(), from < committed else { return }
      let full = try api.source.read { snapshot -> Bool in
        let db = snapshot.database
        let newest = try StoreChanges.count(in: db)
        guard from < newest else { return false }
        let horizon = try ChangeLog.horizon(in: db)
        for subscriber in present where subscriber.version < horizon {
          // Pruned past it while it was away: it must fetch its feed again.
          subscriber.stream.send(Self.reload)
          subscriber.stream.finish()
          subscriber.version = newest
        }
        let changes = try ChangeLog.changes(
          after: max(from, horizon), limit: Self.changesPerRound, in: db)
        // A user's own change is handed to that user's subscribers only, found by viewer (asking each of 10,000
        // subscribers whether it may see each of 1,000 such changes a second kept this thread from keeping up).
        var byViewer: [String: [Subscriber]]?
        for change in changes {
          var audience = present
          if let user = change.change.audience.user {
            byViewer = byViewer ?? Dictionary(grouping: present, by: \.viewer)
            audience = byViewer?[user] ?? []
          }
          try hand(change, to: audience, api: api, in: db)
        }
        let reached = changes.count == Self.changesPerRound ? changes.last?.version ?? newest : newest
        for subscriber in present where subscriber.version < reached { subscriber.version = reached }
        return changes.count == Self.changesPerRound
      }
      guard full else { return }
    }
  }

  /// Queues `change` on the streams of the subscribers that have not had it and may see it, composed once per
  /// distinct rendering among them.
  private func hand(_ change: LoggedChange, to present: [Subscriber], api: FeedAPI, in db: StoreConnection) throws {
    var composed: [Composition: [UInt8]] = [:]
    let personal = change.change.audience.user != nil
    for subscriber in present
    where subscriber.version < change.version && change.change.audience.includes(subscriber.viewer) {
      let key = Composition(rendering: subscriber.key, viewer: personal ? subscriber.viewer : nil)
      let bytes: [UInt8]
      if let made = composed[key] {
        bytes = made
      } else {
        let json = try subscriber.writer.json(change, in: db)
        bytes =
          ServerSentEvent(
            id: String(change.version), event: "change", data: String(decoding: json, as: UTF8.self)
          ).bytes
        composed[key] = bytes
        compositions.add(1, ordering: .relaxed)
      }
      subscriber.stream.send(bytes)
      subscriber.version = change.version
    }
  }

  /// What a subscriber behind the log's horizon gets before its stream ends: fetch the feed again.
  static let reload = ServerSentEvent(event: "change", data: #"{"op": "reload"}"#).bytes

  /// One subscriber: its stream, whom it is, how its changes are drawn, and the newest version it has had.
  /// `version` is read and written by the thread only, after ``subscribe(_:viewer:writer:after:)``.
  private final class Subscriber: @unchecked Sendable {
    let stream: EventStream
    let viewer: String
    let writer: ChangeWriter
    let key: RenderingKey
    var version: UInt64

    init(stream: EventStream, viewer: String, writer: ChangeWriter, version: UInt64) {
      self.stream = stream
      self.viewer = viewer
      self.writer = writer
      self.version = version
      key = RenderingKey(
        width: writer.width, format: writer.format, traits: writer.engine.traits,
        zone: writer.context.timeZone.identifier)
    }
  }

  /// What makes two subscribers' drawings of a change of everyone's the same bytes.
  private struct RenderingKey: Hashable {
    var width: Double
    var format: RenderFormat
    var traits: Traits
    var zone: String
  }

  /// One composition of a change: a rendering, and the viewer for a user's own change.
  private struct Composition: Hashable {
    var rendering: RenderingKey
    var viewer: String?
  }
}
