import Dispatch
import HTTPServer
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The resized images the server made, shared by all its connections (docs/HTTP.md, "Images"): kept within a
/// byte budget — a quarter of `serve --memo-size` (``StoreLimits/variantBytes``) — by the answer memo's CLOCK
/// (``MemoClock``), under keys holding the image's version, so a variant never goes stale and survives the
/// writes that make the answer memo forget. Making one is bounded too: at most ``slots`` resize at once (one per
/// core), so a flood of new sizes takes those and no more CPU or decoding memory; the other requests wait.
public final class ImageVariants: Sendable {
  /// The most bytes of variants held.
  let budget: Int
  /// How many resizes may run at once.
  let slots: Int
  private let held = Mutex(MemoClock())
  private let resizing: DispatchSemaphore

  /// Variants within `budget` bytes (0: none kept), resizing at most `slots` at once (by default one per core).
  public init(budget: Int, slots: Int = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) {
    self.budget = max(0, budget)
    self.slots = max(1, slots)
    resizing = DispatchSemaphore(value: self.slots)
  }

  /// The variant held for `key`, marked as asked for.
  func variant(for key: AnswerMemo.Key) -> HTTPResponse? {
    held.withLock { $0.answer(for: key) }
  }

  /// Holds `response` for `key` when it fits in the budget; the variants asked for least recently give way.
  func keep(_ response: HTTPResponse, for key: AnswerMemo.Key) {
    let size = AnswerMemo.size(of: response, key: key)
    guard size <= budget else { return }
    held.withLock { clock in
      guard !clock.holds(key) else { return }
      clock.insert(response, for: key, size: size, limit: budget)
    }
  }

  /// Runs `resize` in one of the ``slots``, waiting for one.
  func resizing<T>(_ resize: () throws -> T) rethrows -> T {
    resizing.wait()
    defer { resizing.signal() }
    return try resize()
  }

  /// The bytes and count of the variants held now (for tests).
  var holding: (bytes: Int, count: Int) {
    held.withLock { ($0.bytes, $0.count) }
  }
}
