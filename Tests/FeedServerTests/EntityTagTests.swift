import Testing

@testable import FeedServer

@Suite("EntityTag: the ETag of serve's answers")
struct EntityTagTests {
  // Expected tags from an independent implementation (Python, the same FNV-1a steps over little-endian words);
  // "a" alone is plain FNV-1a 64 ("af63dc4c8601ec8c"). Lengths around the word size try the tail's edges.
  @Test(
    "known bodies get known tags",
    arguments: [
      ("", #""cbf29ce484222325-0""#),
      ("a", #""af63dc4c8601ec8c-1""#),
      ("abcdefg", #""406e475017aa7737-7""#),
      ("abcdefgh", #""3919eeb00ee1e68c-8""#),
      ("abcdefghi", #""e8f77a2949db571f-9""#),
      ("{\"status\": \"ok\"}\n", #""c505e05de54c7e26-11""#),
    ])
  func knownTags(body: String, tag: String) {
    #expect(EntityTag.of(Array(body.utf8)) == tag)
  }

  @Test("a long body: every word and the tail count")
  func longBody() {
    let body = Array(repeating: (0...255).map { UInt8($0) }, count: 4).flatMap { $0 } + Array("xyz".utf8)
    #expect(EntityTag.of(body) == #""ee689c8fc0b99020-403""#)
  }

  @Test("changing any one byte of a body of 0 to 24 bytes changes the tag", arguments: 0...24)
  func oneByteChanges(count: Int) {
    let body = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    let tag = EntityTag.of(body)
    for index in body.indices {
      var changed = body
      changed[index] ^= 0x20
      #expect(EntityTag.of(changed) != tag, "byte \(index) of \(count)")
    }
    #expect(EntityTag.of(body + [0]) != tag, "one byte more")
  }

  @Test(
    "If-None-Match names the tag, a weak form of it, or *",
    arguments: [
      (#""t-1""#, true), (#"W/"t-1""#, true), (#""other", "t-1""#, true), ("*", true), (#""t-2""#, false),
      ("", false),
    ])
  func matches(ifNoneMatch: String, expected: Bool) {
    #expect(EntityTag.matches(ifNoneMatch, #""t-1""#) == expected)
  }
}
