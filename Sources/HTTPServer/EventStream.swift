import CMicroHTTPD
import Dispatch
import Glibc
import Synchronization

/// One subscriber's `text/event-stream`: a bounded queue of bytes the application pushes to from any thread and
/// the server sends on the subscriber's connection, with no thread of its own while it waits.
///
/// A handler opens one from the server's ``EventStreams`` and returns it in ``HTTPResponse/stream``; the server
/// sends the response's head, then whatever is queued, as it is queued. While the queue is empty the connection
/// is parked: with worker threads it is suspended in libmicrohttpd (`MHD_suspend_connection`) and resumed by the
/// next ``send(_:)``, so an idle subscriber costs its socket and this object, not a thread; with a thread per
/// connection its thread waits, as every connection of that mode has one.
///
/// The queue holds at most ``EventStreams/queueLimit`` pieces. A send past that bound queues the stream's
/// overflow event instead (the event telling the client to resume from the last event it received) and ends
/// the stream after it: a slow subscriber is dropped, and never holds up the others.
public final class EventStream: Sendable {
  private let state: Mutex<State>
  /// Wakes a connection's thread waiting for a piece (thread-per-connection mode).
  private let wakeUp = DispatchSemaphore(value: 0)
  private let registry: EventStreams
  private let overflow: [UInt8]
  private let onEnd: @Sendable (EventStream) -> Void

  init(registry: EventStreams, overflow: ServerSentEvent, onEnd: @escaping @Sendable (EventStream) -> Void) {
    self.registry = registry
    self.overflow = overflow.bytes
    self.onEnd = onEnd
    state = Mutex(State(lastWrite: .now))
  }

  /// Queues `bytes` to be sent: true when queued; false when the stream has ended or is ending (finished,
  /// overflowed, its client gone), or when this send overflowed the queue (the overflow event was queued
  /// instead, and the stream ends after it).
  @discardableResult
  public func send(_ bytes: [UInt8]) -> Bool {
    state.withLock { state in
      guard !state.ending else { return false }
      guard state.pieces.count - state.head < registry.queueLimit else {
        state.pieces.append(overflow)
        state.ending = true
        wake(&state)
        return false
      }
      state.pieces.append(bytes)
      wake(&state)
      return true
    }
  }

  /// Queues `event`'s bytes (``send(_:)-(([UInt8])``).
  @discardableResult
  public func send(_ event: ServerSentEvent) -> Bool {
    send(event.bytes)
  }

  /// Ends the stream once what is queued has been sent (the chunked body's last chunk: a clean end).
  public func finish() {
    state.withLock { state in
      state.ending = true
      wake(&state)
    }
  }

  /// Ends the stream now, as its client going away does: what is queued is dropped, and the stream's `onEnd`
  /// runs (once, whichever comes first). The server calls it when the connection ends; an in-process caller,
  /// which has no connection, when it has read what it wanted.
  public func cancel() {
    let first = state.withLock { state in
      defer {
        state.ended = true
        state.ending = true
        state.pieces = []
        state.head = 0
        wake(&state)  // a parked connection runs once more, to be closed
        state.connection = nil
      }
      return !state.ended
    }
    guard first else { return }
    registry.remove(self)
    onEnd(self)
  }

  /// Whether the stream takes more events: not finished, overflowed or cancelled.
  public var isOpen: Bool { state.withLock { !$0.ending } }

  /// The pieces queued and not yet sent whole.
  public var queued: Int { state.withLock { $0.pieces.count - $0.head } }

  /// Takes what is queued, as a connection would send it: for an in-process caller, which reads the stream
  /// without a server.
  public func takeQueued() -> [UInt8] {
    state.withLock { state in
      var bytes: [UInt8] = []
      while state.head < state.pieces.count {
        bytes += state.pieces[state.head][state.offset...]
        state.head += 1
        state.offset = 0
      }
      state.pieces = []
      state.head = 0
      return bytes
    }
  }

  /// The server queued the stream's response on `connection` (whose socket is `socket`); `suspends`: worker
  /// threads (suspend and resume), else a thread per connection (wait).
  func attach(_ connection: OpaquePointer, socket: Int32, suspends: Bool) {
    state.withLock { state in
      state.connection = Connection(pointer: connection, socket: socket, suspends: suspends)
    }
  }

  /// Fills `buffer` with the next queued bytes (libmicrohttpd's content reader, on the connection's thread):
  /// their count; or, with nothing queued, ``Fill/ended`` once finished, ``Fill/gone`` when the client has
  /// hung up (checked each time the queue runs dry, so at the latest at the next heartbeat), else parks the
  /// connection (``Fill/parked``: suspended; a waiting thread returns only once there is something to do).
  func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Fill {
    while true {
      let fill = state.withLock { state -> Fill? in
        var written = 0
        while written < buffer.count && state.head < state.pieces.count {
          let piece = state.pieces[state.head]
          let count = min(piece.count - state.offset, buffer.count - written)
          let from = state.offset
          piece.withUnsafeBytes { bytes in
            UnsafeMutableRawBufferPointer(rebasing: buffer[written..<(written + count)])
              .copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[from..<(from + count)]))
          }
          written += count
          state.offset += count
          if state.offset == piece.count {
            state.head += 1
            state.offset = 0
          }
        }
        if state.head > 64 && state.head * 2 > state.pieces.count {
          state.pieces.removeFirst(state.head)
          state.head = 0
        }
        if written > 0 {
          state.lastWrite = .now
          return .bytes(written)
        }
        if state.ending { return state.ended ? .gone : .ended }
        guard let connection = state.connection else { return .gone }
        if Self.hungUp(connection.socket) {
          // libmicrohttpd 0.9.75 closes the connection on this answer but cleans it up (closes its socket, notifies
          // its close) only when its worker next looks at it: with nothing else to do, at its idle timeout (30 s).
          // A timeout of its own makes the worker look at it in every pass, and wait at most that second for one.
          if connection.suspends { stackfeed_mhd_set_connection_timeout(connection.pointer, 1) }
          return .gone
        }
        state.waiting = true
        guard connection.suspends else { return nil }
        stackfeed_mhd_suspend_connection(connection.pointer)
        return .parked
      }
      if let fill { return fill }
      wakeUp.wait()
    }
  }

  /// Queues `heartbeat` when nothing was written since `before` and nothing is queued (the write, or the
  /// content reader's check once it is sent, finds a client that went away).
  func beat(_ heartbeat: [UInt8], idleSince before: ContinuousClock.Instant) {
    state.withLock { state in
      guard !state.ending, state.head == state.pieces.count, state.lastWrite <= before else { return }
      state.pieces.append(heartbeat)
      wake(&state)
    }
  }

  /// Gets the connection going again when it waits for a piece.
  private func wake(_ state: inout State) {
    guard state.waiting else { return }
    state.waiting = false
    guard let connection = state.connection else { return }
    if connection.suspends {
      stackfeed_mhd_resume_connection(connection.pointer)
    } else {
      wakeUp.signal()
    }
  }

  /// Whether the peer of `socket` has closed it or reset it: a FIN read (`POLLRDHUP`), a reset or error.
  private static func hungUp(_ socket: Int32) -> Bool {
    guard socket >= 0 else { return false }
    var polled = pollfd(fd: socket, events: pollReadHangUp, revents: 0)
    guard poll(&polled, 1, 0) > 0 else { return false }
    return polled.revents & (pollReadHangUp | Int16(POLLHUP | POLLERR)) != 0
  }

  /// Linux's `POLLRDHUP` (`<poll.h>` declares it only for `_GNU_SOURCE`, which Swift's Glibc module is not
  /// built with): the peer closed its end.
  private static let pollReadHangUp: Int16 = 0x2000

  /// What ``fill(_:)`` gives libmicrohttpd.
  enum Fill: Equatable {
    /// This many bytes were written.
    case bytes(Int)
    /// Nothing queued: the connection was suspended, and is resumed when something is.
    case parked
    /// Finished and sent whole: the stream ends cleanly.
    case ended
    /// The client is gone (or the stream was cancelled): the connection is closed.
    case gone
  }

  /// The stream's connection, as libmicrohttpd identifies it.
  private struct Connection: @unchecked Sendable {  // a handle used under the stream's lock only
    var pointer: OpaquePointer
    var socket: Int32
    var suspends: Bool
  }

  private struct State {
    /// Queued pieces; those before `head` are sent.
    var pieces: [[UInt8]] = []
    var head = 0
    /// Bytes of `pieces[head]` already sent.
    var offset = 0
    /// No more sends: the stream ends once the queue is sent.
    var ending = false
    /// Cancelled, or its connection ended.
    var ended = false
    var connection: Connection?
    /// Whether the connection is parked (suspended, or its thread waiting) until something is queued.
    var waiting = false
    var lastWrite: ContinuousClock.Instant
  }
}
