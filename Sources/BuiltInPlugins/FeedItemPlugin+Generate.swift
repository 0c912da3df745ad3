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
      try db.takeWriteTurn(on: SQL.table)
      let last = try db.queryOne(SQL.lastPosition) { try $0.int64(at: 0) } ?? 0
      let insert = try db.prepare(SQL.insert)
      var ids = RandomIDs(.seeded)
      for offset in 0..<count {
        let sample = Self.samples[offset % Self.samples.count]
        try insert.bind(ids.uuid(), at: 1)
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
