/// The answer memo's admission filter, TinyLFU's "doorkeeper": a key is let in only when it was offered before,
/// recently. An answer is offered each time its page is made (a miss), so a page enters the memo the second time
/// it is made; a flood of pages each asked once (a crawler, random pages) never enters, and neither pushes out
/// the pages that are asked again nor keeps memory after it ends.
///
/// "Recently" is bounded: the filter keeps the digests (``AnswerMemo/Key/digest``) of up to `capacity` recent
/// offers and of up to `capacity` before them; when the recent ones are full they become the older ones and
/// the oldest are forgotten. A page offered again within `capacity` offers of other pages is admitted (within
/// `2 × capacity`, perhaps). Two keys with the same digest count as one: one may be admitted a time early.
struct Doorkeeper {
  /// The most digests each half keeps.
  let capacity: Int
  private var recent: Set<Int> = []
  private var older: Set<Int> = []

  /// A filter remembering up to `capacity` recent offers (at least 1), and as many before them.
  init(capacity: Int) {
    self.capacity = max(1, capacity)
  }

  /// The bytes a filter of `capacity` takes at most, reckoned at 16 per digest kept (a set's table is at most
  /// a little over half full of 8-byte digests).
  static func bytes(capacity: Int) -> Int {
    2 * max(1, capacity) * 16
  }

  /// Whether `digest` was offered recently; when not, it is noted as offered now.
  mutating func admits(_ digest: Int) -> Bool {
    if recent.contains(digest) || older.contains(digest) { return true }
    if recent.count >= capacity {
      older = recent
      recent = Set(minimumCapacity: capacity)
    }
    recent.insert(digest)
    return false
  }
}
