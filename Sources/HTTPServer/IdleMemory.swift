import Glibc
import Synchronization

/// Gives the memory freed during a load back to the system when the server falls idle (its last open
/// connection closed), at most once a second.
///
/// glibc's malloc keeps what is freed in its arenas (one per thread that allocated, up to 8 per core), and
/// returns to the system only the free top of its main heap; so after 512 clients on pages never asked before
/// with a thread per connection, the server kept 43 MiB where it had needed 21 MiB before the load.
/// `malloc_trim(3)` releases every arena's free pages: 30 MiB five seconds after the load (measured with
/// scripts/resource-bounds.sh's load on a debug build, the bounded store of issue 22; docs/RELIABILITY.md).
final class IdleMemory: Sendable {
  /// glibc's `malloc_trim`, looked up once (Swift's Glibc module does not import `<malloc.h>`); nil elsewhere.
  private static let trim: (@convention(c) (Int) -> Int32)? = dlsym(nil, "malloc_trim").map {
    unsafeBitCast($0, to: (@convention(c) (Int) -> Int32).self)
  }

  private let lastTrim = Mutex<ContinuousClock.Instant?>(nil)
  /// What the server's handler frees first (its store's idle caches): freed memory malloc then gives back.
  private let freeing: @Sendable () -> Void

  /// Trims after `freeing` has run.
  init(freeing: @escaping @Sendable () -> Void) {
    self.freeing = freeing
  }

  /// The server has no connection open now: frees and trims, unless it did less than a second ago.
  func idle() {
    let now = ContinuousClock.now
    let due = lastTrim.withLock { last in
      guard last.map({ now - $0 >= .seconds(1) }) ?? true else { return false }
      last = now
      return true
    }
    guard due else { return }
    freeing()
    _ = Self.trim?(0)
  }
}
