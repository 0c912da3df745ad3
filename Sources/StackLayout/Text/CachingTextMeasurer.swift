import Synchronization

/// Wraps a measurer with a bounded cache shared safely between threads.
///
/// Results are keyed by (string, font, `maxWidth` rounded to 1/1024 pt, `maxLines`). The cache holds
/// at most `capacity` entries in two generations: when the newer one is full it becomes the older one
/// and the previous older one is dropped, so recently used entries survive (an approximate LRU with
/// O(1) work per call). The base measurer runs outside the lock.
public final class CachingTextMeasurer<Base: TextMeasuring>: TextMeasuring {
  /// Cache traffic so far.
  public typealias Statistics = CacheStatistics

  /// The measurer asked on a miss.
  public let base: Base
  /// Most entries kept.
  public let capacity: Int
  private let state = Mutex(TextCacheState())

  /// Creates a cache of at most `capacity` (at least 2) results in front of `base`.
  public init(base: Base, capacity: Int = 2048) {
    self.base = base
    self.capacity = max(capacity, 2)
  }

  /// Hits and misses since creation.
  public var statistics: Statistics {
    state.withLock { $0.statistics }
  }

  /// Returns the cached measurement, or measures with `base` and remembers the result.
  public func measure(_ text: String, font: FontStyle, maxLines: Int, maxWidth: Double?) -> TextMeasurement {
    let key = TextCacheKey(text: text, font: font, width: Self.widthKey(maxWidth), maxLines: max(maxLines, 0))
    let cached: TextMeasurement? = state.withLock { state in
      if let hit = state.newer[key] {
        state.statistics.hits += 1
        return hit
      }
      if let hit = state.older[key] {
        state.statistics.hits += 1
        insert(hit, for: key, into: &state)
        return hit
      }
      state.statistics.misses += 1
      return nil
    }
    if let cached {
      return cached
    }
    let result = base.measure(text, font: font, maxLines: maxLines, maxWidth: maxWidth)
    state.withLock { insert(result, for: key, into: &$0) }
    return result
  }

  /// Drops every cached result (the statistics are kept).
  public func removeAll() {
    state.withLock { state in
      state.newer.removeAll()
      state.older.removeAll()
    }
  }

  private func insert(_ value: TextMeasurement, for key: TextCacheKey, into state: inout TextCacheState) {
    if state.newer.count >= capacity / 2 {
      state.older = state.newer
      state.newer = [:]
    }
    state.newer[key] = value
  }

  /// `maxWidth` in 1/1024 pt; nil and non-finite widths (unlimited) share one key.
  private static func widthKey(_ width: Double?) -> Int64 {
    guard let width, width.isFinite else { return Int64.min }
    return Int64((max(width, 0) * 1024).rounded().clamped(to: 0...9e15))
  }
}

/// Hits and misses of a ``CachingTextMeasurer``.
public struct CacheStatistics: Sendable, Hashable {
  /// Calls answered from the cache.
  public var hits: Int
  /// Calls passed to the base measurer.
  public var misses: Int

  /// Creates statistics.
  public init(hits: Int, misses: Int) {
    self.hits = hits
    self.misses = misses
  }
}

/// A cache key. Declared outside the generic class so that its dictionary is specialized (a key
/// nested in a generic type pays a metadata lookup and unspecialized hashing on every call).
private struct TextCacheKey: Hashable {
  var text: String
  var font: FontStyle
  var width: Int64
  var maxLines: Int
}

/// The cache's two generations and its counters, guarded by the mutex.
private struct TextCacheState: ~Copyable {
  var newer: [TextCacheKey: TextMeasurement] = [:]
  var older: [TextCacheKey: TextMeasurement] = [:]
  var statistics = CacheStatistics(hits: 0, misses: 0)
}

extension Double {
  fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
    Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
  }
}
