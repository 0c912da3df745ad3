import Synchronization

/// The server's event streams: their budget, their heartbeat and their end when the server stops.
///
/// The budget is counted apart from the server's connection limit and within it: at most ``limit`` streams
/// are open at once, so the other connections stay free for ordinary requests (``open(overflow:onEnd:)``
/// returns nil past it, and the handler answers 503). Every stream that has written nothing for a
/// ``heartbeat`` gets a comment line (``ServerSentEvent/comment(_:)``): proxies see traffic, and the server
/// learns of a client that went away — a closed socket (FIN or reset) is found when the queue runs dry after
/// that write, so its stream is freed within one heartbeat (its connection at most a second later); a network
/// that went dead leaves the heartbeat unacknowledged, and the socket's `TCP_USER_TIMEOUT` of one heartbeat fails
/// it by the next one.
public final class EventStreams: Sendable {
  /// The most streams open at once.
  public let limit: Int
  /// The most pieces a stream holds unsent before it overflows (``EventStream``).
  public let queueLimit: Int
  /// The longest silence on a stream before the server writes a comment line on it.
  public let heartbeat: Duration
  private let state = Mutex(State())

  /// A registry of at most `limit` streams, each holding up to `queueLimit` unsent pieces, with a comment line
  /// after `heartbeat` of silence.
  public init(limit: Int, queueLimit: Int = 256, heartbeat: Duration = .seconds(15)) {
    self.limit = limit
    self.queueLimit = queueLimit
    self.heartbeat = heartbeat
  }

  /// The streams open now.
  public var count: Int { state.withLock { $0.open.count } }

  /// Opens a stream: nil when ``limit`` streams are open, or the server is stopping. `overflow` is the last
  /// event a stream gets when its queue overflows; `onEnd` runs once with the stream when it ends (finished and
  /// sent, its client gone, cancelled, or the server stopped), on whichever thread ended it.
  public func open(overflow: ServerSentEvent, onEnd: @escaping @Sendable (EventStream) -> Void = { _ in })
    -> EventStream?
  {
    let stream = EventStream(registry: self, overflow: overflow, onEnd: onEnd)
    let opened = state.withLock { state in
      guard !state.stopping, state.open.count < limit else { return false }
      state.open[ObjectIdentifier(stream)] = stream
      return true
    }
    return opened ? stream : nil
  }

  /// Writes the heartbeat on every stream silent for a ``heartbeat`` (the server calls it a few times per
  /// heartbeat).
  func beat() {
    let before = ContinuousClock.now - heartbeat
    let bytes = ServerSentEvent.comment("heartbeat")
    for stream in state.withLock({ Array($0.open.values) }) {
      stream.beat(bytes, idleSince: before)
    }
  }

  /// Opens no more streams and finishes every open one (each ends once what it has queued is sent): the server
  /// is stopping.
  func finishAll() {
    let open = state.withLock { state in
      state.stopping = true
      return Array(state.open.values)
    }
    for stream in open { stream.finish() }
  }

  /// `stream` ended.
  func remove(_ stream: EventStream) {
    _ = state.withLock { $0.open.removeValue(forKey: ObjectIdentifier(stream)) }
  }

  private struct State {
    var open: [ObjectIdentifier: EventStream] = [:]
    var stopping = false
  }
}
