import CMicroHTTPD
import Glibc
import Synchronization

/// Accepts the server's connections itself and hands them to libmicrohttpd (`MHD_add_connection`), at most
/// `limit` open at once. At the limit it stops polling the listening socket, so a new client waits in the
/// kernel's listen backlog until a connection closes. libmicrohttpd 0.9.75 would not wait with a thread per
/// connection: its accept loop (`MHD_poll_listen_socket`) polls the listening socket whatever the count, and a
/// connection past the limit is accepted and closed at once (`new_connection_prepare_`: "Server reached
/// connection limit"). With worker threads it hands the connections to the workers' daemons in turn. In
/// libmicrohttpd's own thread pool each worker polls the listening socket and keeps every connection it
/// accepts: a burst of connections (a client opening its 16 at once) landed on whichever worker woke first,
/// often all of them, and the other workers idled while that one served them one request at a time — half the
/// cores for CPU-bound requests (docs/BENCHMARKS.md, "Images"). (Handed to a pool, `MHD_add_connection` picks
/// the worker by the descriptor's number modulo the workers, which other descriptors opened in between skew.)
///
/// When `accept` fails for want of descriptors or memory (`EMFILE`, `ENFILE`, `ENOBUFS`, `ENOMEM`), it waits
/// for a connection to close (or 100 ms when none is open) before it accepts again, instead of spinning.
final class Acceptor: @unchecked Sendable {  // `open` and `stopping` are atomic; the rest is set before start
  /// The listening socket (not closed here).
  let listener: Int32
  /// The most connections open at once.
  let limit: Int
  /// Connections accepted and not yet closed.
  let open = Atomic(0)
  private let stopping = Atomic(false)
  /// A pipe whose reading end wakes the accepting thread: a connection closed, or ``stop()``. Non-blocking: a
  /// full pipe already wakes it. Closed only when the acceptor is freed: libmicrohttpd still notifies the
  /// connections it closes while the daemon stops, after ``stop()``, and a byte written to a number closed by then
  /// would land in whatever descriptor had taken it (another connection's socket, a database file).
  private let wake: (read: Int32, write: Int32)
  private var daemons: [OpaquePointer] = []
  /// The daemon the next connection goes to (only the accepting thread reads and moves it).
  private var next = 0
  private var thread = pthread_t()

  /// An acceptor for `listener`; nothing runs before ``start(_:)``.
  init(listener: Int32, limit: Int) throws(HTTPServerError) {
    self.listener = listener
    self.limit = limit
    // Non-blocking: the thread accepts until no client waits.
    _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw HTTPServerError(
        isAddressInUse: false, description: "cannot make a pipe for the server: " + String(cString: strerror(errno)))
    }
    for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
    wake = (ends[0], ends[1])
  }

  /// Starts the accepting thread, which adds connections to `daemons` in turn.
  func start(_ daemons: [OpaquePointer]) throws(HTTPServerError) {
    self.daemons = daemons
    let context = Unmanaged.passRetained(self).toOpaque()
    let started = pthread_create(
      &thread, nil,
      { context in
        if let context { Unmanaged<Acceptor>.fromOpaque(context).takeRetainedValue().run() }
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<Acceptor>.fromOpaque(context).release()
      throw HTTPServerError(
        isAddressInUse: false, description: "cannot start the accepting thread: " + String(cString: strerror(started)))
    }
  }

  /// A connection closed (libmicrohttpd's notification, just before it closes the socket): a slot is free.
  func closed() {
    open.subtract(1, ordering: .releasing)
    signal()
  }

  /// Stops accepting and joins the thread; the listening socket stays open (the caller closes it), and so does
  /// the wake-up pipe, which ``closed()`` may still write to until libmicrohttpd has stopped.
  func stop() {
    stopping.store(true, ordering: .releasing)
    signal()
    pthread_join(thread, nil)
  }

  deinit {
    close(wake.read)
    close(wake.write)
  }

  private func signal() {
    var byte: UInt8 = 1
    _ = write(wake.write, &byte, 1)
  }

  private func run() {
    var starved = false
    while !stopping.load(ordering: .acquiring) {
      let accepting = !starved && open.load(ordering: .acquiring) < limit
      var polled = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
      if accepting { polled.append(pollfd(fd: listener, events: Int16(POLLIN), revents: 0)) }
      let timeout: Int32 = starved && open.load(ordering: .acquiring) == 0 ? 100 : -1
      let ready = poll(&polled, nfds_t(polled.count), timeout)
      if ready < 0 { continue }  // EINTR
      starved = false
      if polled[0].revents != 0 {
        var bytes = [UInt8](repeating: 0, count: 512)
        while read(wake.read, &bytes, bytes.count) > 0 {}
      }
      if accepting && polled[1].revents != 0 { starved = acceptWaiting() }
    }
  }

  /// Accepts the waiting clients while under the limit; true when `accept` failed for want of resources.
  private func acceptWaiting() -> Bool {
    while !stopping.load(ordering: .relaxed) && open.load(ordering: .acquiring) < limit {
      var address = sockaddr_storage()
      var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
      let client = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          accept(listener, $0, &length)
        }
      }
      guard client >= 0 else {
        let failure = errno
        return failure == EMFILE || failure == ENFILE || failure == ENOBUFS || failure == ENOMEM
      }
      open.add(1, ordering: .relaxed)
      let daemon = daemons[next]
      next = (next + 1) % daemons.count
      let added = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          stackfeed_mhd_add_connection(daemon, client, $0, length)
        }
      }
      // Refused (out of memory, or the server stopping): libmicrohttpd closed the socket. (A connection it takes
      // and then drops without a notification, when it cannot allocate the connection's memory pool, keeps its
      // slot: the process is out of memory then.)
      if added != MHD_Result.YES { open.subtract(1, ordering: .relaxed) }
    }
    return false
  }
}
