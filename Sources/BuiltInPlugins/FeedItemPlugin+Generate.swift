import FeedPlugins
import FeedStore
import SQLCore

extension FeedItemPlugin: RowGenerator {
  /// The texts generated items cycle through (the reference feed's).
  private static let samples: [Sample] = [
    Sample(
      title: "The future is functional", subtitle: "Get after your goals in new Apex", tag: "new releases",
      image: "functional-male"),
    Sample(title: "Press reset", subtitle: "The newest collection is here", tag: nil, image: "reset"),
    Sample(
      title: "The future is functional", subtitle: "Get after your goals in new Apex", tag: "new releases",
      image: "functional-female"),
    Sample(title: "Raise the bar", subtitle: "Level up in Vital Rise", tag: nil, image: "raise"),
    Sample(title: "Must haves", subtitle: "Your key piece inspo", tag: nil, image: "must-have"),
    Sample(title: "Take on the heat", subtitle: "In summer activewear", tag: nil, image: "flex"),
  ]

  /// The texts of one generated item (a struct, not a tuple: copying a tuple out of the array went through the
  /// runtime's generic value witnesses, +630 instructions per row; docs/BENCHMARKS.md's git history, "Issue 13").
  private struct Sample {
    let title: String
    let subtitle: String
    let tag: String?
    let image: String
  }

  /// How often `generate` reports progress, in rows.
  public static let progressInterval = 50_000

  /// `feed items`.
  public var generatedRowsName: String { "feed items" }

  /// Appends `count` synthetic feed items after the existing ones, each with a fresh random UUID id, in one
  /// write transaction through one reused prepared statement. `progress` gets the rows written so far every
  /// ``progressInterval`` rows and at the end.
  public func generate(_ count: Int, in db: StoreConnection, progress: (Int) -> Void = { _ in }) throws {
    try db.write {
      let last = try db.queryOne(SQL.lastPosition) { try $0.int64(at: 0) } ?? 0
      let insert = try db.prepare(SQL.insert)
      var ids = RandomUUIDs()
      for offset in 0..<count {
        let sample = Self.samples[offset % Self.samples.count]
        try insert.bind(ids.next(), at: 1)
        try insert.bind(sample.title, at: 2)
        try insert.bind(sample.subtitle, at: 3)
        try insert.bind(sample.tag, at: 4)
        try insert.bind(sample.image, at: 5)
        try insert.bind(last + Int64(offset) + 1, at: 6)
        try insert.runBound()
        if (offset + 1) % Self.progressInterval == 0 { progress(offset + 1) }
      }
      progress(count)
    }
  }
}

/// Random version-4 UUID strings (lowercase), from a fast generator seeded once from the system's entropy.
struct RandomUUIDs {
  private var state: UInt64

  init() {
    var system = SystemRandomNumberGenerator()
    state = system.next()
  }

  /// SplitMix64 (Steele, Lea, Flood 2014): one 64-bit output per call.
  private mutating func nextWord() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The next UUID's text form, e.g. `1b4e28ba-2fa1-4d2e-9c5b-7a3f0e6b2d11` (36 bytes).
  mutating func next() -> String {
    var high = nextWord()
    var low = nextWord()
    high = (high & ~0xF000) | 0x4000  // version 4 (RFC 9562 §5.4)
    low = (low & ~(0xC000 << 48)) | (0x8000 << 48)  // variant 10
    let hex = [high, low].map { word in
      let digits = String(word, radix: 16)
      return String(repeating: "0", count: 16 - digits.count) + digits
    }
    let (first, second) = (hex[0], hex[1])
    return
      "\(first.prefix(8))-\(first.dropFirst(8).prefix(4))-\(first.suffix(4))-\(second.prefix(4))-\(second.suffix(12))"
  }
}
