import Synchronization

/// Which file a path names (``FileIdentity``), for the reads of a busy server: a file found there is looked up
/// again only once that look-up is `interval` old, so the reads of those milliseconds share one `stat` of the path
/// (1–2 µs of system time each on the benchmarks' machine, once for every page) and a file replaced or moved
/// away is noticed within `interval`; a missing file is looked up every time, so one put back is noticed at once.
final class FileLookup: Sendable {
  /// How long the file found at the path is taken to be the one there: the reads' default.
  static let readsInterval: Duration = .milliseconds(10)

  let path: String
  let interval: Duration
  private let found: Mutex<(file: FileIdentity, at: ContinuousClock.Instant)?> = Mutex(nil)

  /// Looks up the file at `path` at most once every `interval` while one is there.
  init(path: String, interval: Duration = FileLookup.readsInterval) {
    self.path = path
    self.interval = interval
  }

  /// The file at ``path``: the one found less than ``interval`` ago, or the one there now; nil when none is.
  func file() -> FileIdentity? {
    let now = ContinuousClock.now
    if let found = found.withLock({ $0 }), now - found.at < interval { return found.file }
    let file = FileIdentity(path: path)
    found.withLock { $0 = file.map { ($0, now) } }
    return file
  }
}
