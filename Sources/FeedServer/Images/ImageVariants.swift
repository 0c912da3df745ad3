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
///
/// **Only while the image is there.** The variants of an image are kept only for the version the store last
/// showed (``confirm(_:version:since:)``, from a read) and answered without a read only for
/// ``revalidateAfter`` after that read began (``trusted(_:name:version:)``); later a request reads the image's
/// version again. A read that finds another version lets go of the old one's variants, one that finds no image
/// lets go of them all (``forget(_:)``, which this server's own `PUT` and `DELETE` call too, at once): a deleted
/// image stops answering at every URL, on this server as soon as it is deleted, on another server sharing the
/// database within ``revalidateAfter``, and a replaced image's variants take no more memory.
public final class ImageVariants: Sendable {
  /// The most bytes of variants held.
  let budget: Int
  /// How many resizes may run at once.
  let slots: Int
  /// How long after a read showed an image at a version its kept variants are answered without reading the
  /// store again.
  let revalidateAfter: Duration
  private let held = Mutex(Held())
  private let resizing: DispatchSemaphore

  /// The variants and, for each image with some, the version they are of and when a read began that showed it.
  private struct Held {
    var clock = MemoClock()
    var shown: [String: (version: String, at: ContinuousClock.Instant)] = [:]
    /// Moved on by every ``forget(_:)``: a read that began before cannot confirm what it saw.
    var forgets: UInt64 = 0

    /// Lets go of the variants of `name` and of what reads showed of it.
    mutating func forget(_ name: String) {
      forgets &+= 1
      guard shown.removeValue(forKey: name) != nil else { return }
      clock.remove { $0.path == name }
    }
  }

  /// When a read began, for ``confirm(_:version:since:)``: taken before the read's snapshot starts.
  struct ReadStart {
    fileprivate let forgets: UInt64
    fileprivate let at: ContinuousClock.Instant
  }

  /// Variants within `budget` bytes (0: none kept), resizing at most `slots` at once (by default one per core),
  /// answered without a read for `revalidateAfter` (by default 1 s) after a read showed their image's version.
  public init(
    budget: Int, slots: Int = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), revalidateAfter: Duration = .seconds(1)
  ) {
    self.budget = max(0, budget)
    self.slots = max(1, slots)
    self.revalidateAfter = revalidateAfter
    resizing = DispatchSemaphore(value: self.slots)
  }

  /// The variant held for `key`, of the image `name` at `version`, when a read showed that version less than
  /// ``revalidateAfter`` ago; marked as asked for.
  func trusted(_ key: AnswerMemo.Key, name: String, version: String) -> HTTPResponse? {
    let now = ContinuousClock.now
    return held.withLock { held in
      guard let shown = held.shown[name], shown.version == version, now - shown.at < revalidateAfter else {
        return nil
      }
      return held.clock.answer(for: key)
    }
  }

  /// The variant held for `key`, marked as asked for: for a request whose read just showed the image's version
  /// (``confirm(_:version:since:)``).
  func variant(for key: AnswerMemo.Key) -> HTTPResponse? {
    held.withLock { $0.clock.answer(for: key) }
  }

  /// Now, for a read about to begin.
  func readStart() -> ReadStart {
    ReadStart(forgets: held.withLock { $0.forgets }, at: .now)
  }

  /// Notes that a read begun at `start` showed the image `name` at `version` (`nil`: no such image): its
  /// variants are trusted for ``revalidateAfter`` from then, and those of any other version are let go (all of
  /// them when it is gone, as ``forget(_:)`` does). Trusts nothing when a ``forget(_:)`` came after `start` (the
  /// read may have missed the write behind it).
  func confirm(_ name: String, version: String?, since start: ReadStart) {
    held.withLock { held in
      guard let version else {
        if held.shown[name] != nil { held.forget(name) }
        return
      }
      guard held.forgets == start.forgets else { return }
      if let shown = held.shown[name], shown.version != version {
        held.clock.remove { $0.path == name }
      }
      held.shown[name] = (version, start.at)
    }
  }

  /// Lets go of every variant of the image `name`: it was replaced or deleted (by this server, or as a read
  /// showed).
  func forget(_ name: String) {
    held.withLock { $0.forget(name) }
  }

  /// Holds `response` for `key`, a variant of the image `name` at `version`, when that is the version a read
  /// last showed and it fits in the budget; the variants asked for least recently give way.
  func keep(_ response: HTTPResponse, for key: AnswerMemo.Key, name: String, version: String) {
    let size = AnswerMemo.size(of: response, key: key)
    guard size <= budget else { return }
    held.withLock { held in
      guard held.shown[name]?.version == version, !held.clock.holds(key) else { return }
      held.clock.insert(response, for: key, size: size, limit: budget)
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
    held.withLock { ($0.clock.bytes, $0.clock.count) }
  }
}
