import HTTPServer

/// The answers of one generation of the feed, within a byte limit, evicted by CLOCK (second chance): the
/// answers sit in a ring of slots with a "referenced" bit that each hit sets; to make room, a hand goes round
/// the ring, clearing set bits and evicting the first answer whose bit was clear. An answer asked for since the
/// hand last passed it stays for another round, so a page asked again and again is never evicted while the
/// hand keeps going round for pages asked less often; a hit only sets a bit (no list to relink).
///
/// A new answer takes the slot freed last, which the hand has just left: it waits a whole round before the
/// hand comes back to it. Not thread-safe: ``AnswerMemo`` keeps it behind its lock.
struct MemoClock {
  private struct Entry {
    var key: AnswerMemo.Key
    var answer: HTTPResponse
    var size: Int
    var referenced = false
  }

  /// The bytes of the answers held, as ``AnswerMemo/size(of:key:)`` counts them.
  private(set) var bytes = 0
  private var index: [AnswerMemo.Key: Int] = [:]
  private var slots: [Entry?] = []
  private var free: [Int] = []
  private var hand = 0

  /// How many answers are held.
  var count: Int { index.count }

  /// The answer held for `key`, marked as asked for.
  mutating func answer(for key: AnswerMemo.Key) -> HTTPResponse? {
    guard let slot = index[key] else { return nil }
    slots[slot]?.referenced = true
    return slots[slot]?.answer
  }

  /// Whether an answer for `key` is held.
  func holds(_ key: AnswerMemo.Key) -> Bool {
    index[key] != nil
  }

  /// Holds `answer` for `key` (not held yet), `size` bytes, evicting answers until all fit in `limit` bytes
  /// (`size` ≤ `limit`).
  mutating func insert(_ answer: HTTPResponse, for key: AnswerMemo.Key, size: Int, limit: Int) {
    while bytes + size > limit { evictOne() }
    let entry = Entry(key: key, answer: answer, size: size)
    let slot: Int
    if let reused = free.popLast() {
      slot = reused
      slots[slot] = entry
    } else {
      slot = slots.count
      slots.append(entry)
    }
    index[key] = slot
    bytes += size
  }

  /// Lets go of every answer whose key `matches` (the variants of a replaced or deleted image): a pass over the
  /// slots.
  mutating func remove(where matches: (AnswerMemo.Key) -> Bool) {
    for slot in slots.indices {
      guard let entry = slots[slot], matches(entry.key) else { continue }
      release(slot, entry)
    }
  }

  /// Empties `slot`, which holds `entry`.
  private mutating func release(_ slot: Int, _ entry: Entry) {
    slots[slot] = nil
    index[entry.key] = nil
    free.append(slot)
    bytes -= entry.size
  }

  /// Moves the hand to the first answer not asked for since the hand last passed it, clearing the marks on the
  /// way, and evicts it. Ends within two rounds: the first clears every mark.
  private mutating func evictOne() {
    while true {
      if hand >= slots.count { hand = 0 }
      let slot = hand
      hand += 1
      guard let entry = slots[slot] else { continue }
      if entry.referenced {
        slots[slot]?.referenced = false
        continue
      }
      release(slot, entry)
      return
    }
  }
}
