import HTTPServer
import Testing

@testable import FeedServer

@Suite("AnswerMemo: serve's remembered answers, one budget for the server")
struct AnswerMemoTests {
  private func key(_ page: Int, viewer: String = "default") -> AnswerMemo.Key {
    AnswerMemo.Key(path: "/v1/feed", query: [HTTPField("after", "feed_item:\(page):\(page):\(page)")], viewer: viewer)
  }

  private func answer(_ bytes: Int) -> HTTPResponse {
    HTTPResponse(status: 200, body: Array(repeating: UInt8(ascii: "x"), count: bytes))
  }

  /// Offers `response` twice (the doorkeeper admits an answer the second time its page is made).
  private func remember(_ response: HTTPResponse, for key: AnswerMemo.Key, in memo: AnswerMemo, generation: UInt64 = 1)
  {
    memo.remember(response, for: key, generation: generation)
    memo.remember(response, for: key, generation: generation)
  }

  @Test("an answer is served for its generation only: a newer one forgets every answer, an older one finds none")
  func generations() {
    let memo = AnswerMemo(budget: 1 << 20)
    remember(answer(10), for: key(1), in: memo, generation: 2)
    #expect(memo.answer(for: key(1), generation: 2)?.body.count == 10)
    #expect(memo.answer(for: key(2), generation: 2) == nil)
    #expect(memo.answer(for: key(1), generation: 1) == nil, "an older generation finds nothing")
    remember(answer(10), for: key(3), in: memo, generation: 1)
    #expect(memo.answer(for: key(3), generation: 2) == nil, "an older generation keeps nothing")
    #expect(memo.answer(for: key(1), generation: 3) == nil)
    #expect(memo.held.count == 0, "the newer generation emptied the memo")
    #expect(memo.answer(for: key(1), generation: 2) == nil, "going back to a generation brings nothing back")
  }

  @Test("a page is remembered the second time it is made; one made once is not")
  func admission() {
    let memo = AnswerMemo(budget: 1 << 20)
    memo.remember(answer(10), for: key(1), generation: 1)
    #expect(memo.answer(for: key(1), generation: 1) == nil)
    memo.remember(answer(10), for: key(1), generation: 1)
    #expect(memo.answer(for: key(1), generation: 1) != nil)
    // The doorkeeper outlives generations: after a commit, a page asked before enters at its first making.
    memo.remember(answer(10), for: key(1), generation: 2)
    #expect(memo.answer(for: key(1), generation: 2) != nil)
  }

  @Test("the arguments as sent are the key: another order or value is another answer")
  func keys() {
    let memo = AnswerMemo(budget: 1 << 20)
    let ordered = AnswerMemo.Key(
      path: "/v1/render", query: [HTTPField("limit", "5"), HTTPField("width", "320")], viewer: "default")
    remember(answer(1), for: ordered, in: memo)
    #expect(memo.answer(for: ordered, generation: 1) != nil)
    let reordered = AnswerMemo.Key(path: "/v1/render", query: ordered.query.reversed(), viewer: "default")
    #expect(memo.answer(for: reordered, generation: 1) == nil)
    let shorter = AnswerMemo.Key(path: "/v1/render", query: [HTTPField("limit", "5")], viewer: "default")
    #expect(memo.answer(for: shorter, generation: 1) == nil)
    let valueless = AnswerMemo.Key(
      path: "/v1/render", query: [HTTPField("limit", "5"), HTTPField("width", nil)], viewer: "default")
    #expect(memo.answer(for: valueless, generation: 1) == nil)
    #expect(memo.answer(for: ordered.gzipped(from: 1024), generation: 1) == nil, "another coding, another answer")
    #expect(ordered.gzipped(from: 1024).gzipped(from: nil) == ordered)
  }

  @Test("an answer made for one user is never another user's")
  func viewers() {
    let memo = AnswerMemo(budget: 1 << 20)
    let ann = AnswerMemo.Key(path: "/v1/me/feed", query: [HTTPField("limit", "5")], viewer: "ann")
    remember(answer(1), for: ann, in: memo)
    #expect(memo.answer(for: ann, generation: 1) != nil)
    for viewer in ["bob", "default"] {
      #expect(memo.answer(for: AnswerMemo.Key(path: ann.path, query: ann.query, viewer: viewer), generation: 1) == nil)
    }
  }

  @Test(
    "the answers never take more than the budget, whatever their sizes; one larger than it is not kept",
    arguments: [4_096, 10_000, 100_000, 1 << 20])
  func budget(budget: Int) throws {
    let memo = AnswerMemo(budget: budget)
    #expect(memo.answerLimit + 2 * 16 * max(1, budget / 2048) <= budget, "answers and doorkeeper within the budget")
    var random = SystemRandomNumberGenerator()
    for page in 0..<2_000 {
      remember(answer(Int.random(in: 0...3_000, using: &random)), for: key(page), in: memo)
      #expect(memo.held.bytes <= memo.answerLimit)
    }
    #expect(memo.held.count > 0)
    remember(answer(budget), for: key(-1), in: memo)
    #expect(memo.answer(for: key(-1), generation: 1) == nil)
  }

  @Test("a buffer's spare capacity counts, and is not kept: a gzipped body is kept at its size")
  func capacity() throws {
    let memo = AnswerMemo(budget: 1 << 20)
    var body: [UInt8] = []
    body.reserveCapacity(64 * 1024)
    body.append(contentsOf: Array(repeating: 1, count: 100))
    remember(HTTPResponse(status: 200, body: body), for: key(1), in: memo)
    let kept = try #require(memo.answer(for: key(1), generation: 1))
    #expect(kept.body == body)
    #expect(kept.body.capacity < 1024)
    #expect(memo.held.bytes < 1024)
  }

  @Test("a page asked for all along stays while a flood of other pages (each asked twice) goes through the memo")
  func hotPageSurvivesAFlood() throws {
    let memo = AnswerMemo(budget: 100_000)  // room for about 60 pages of 1,500 bytes
    let hot = key(0)
    remember(answer(1_500), for: hot, in: memo)
    for page in 1...5_000 {
      remember(answer(1_500), for: key(page), in: memo)
      if page % 20 == 0 { #expect(memo.answer(for: hot, generation: 1) != nil, "evicted after \(page) pages") }
    }
    #expect(memo.answer(for: key(1), generation: 1) == nil, "the flood's early pages gave way")
  }

  @Test("a flood of pages each made once never enters: the memo keeps its pages and no more bytes")
  func floodOfNewPagesStaysOut() {
    let memo = AnswerMemo(budget: 1 << 20)
    remember(answer(1_500), for: key(0), in: memo)
    let before = memo.held
    for page in 1...20_000 {
      memo.remember(answer(1_500), for: key(page), generation: 1)
    }
    #expect(memo.held.count == before.count && memo.held.bytes == before.bytes)
    #expect(memo.answer(for: key(0), generation: 1) != nil)
  }

  @Test("budget 0 remembers nothing: no read gets the memo")
  func off() {
    let memo = AnswerMemo(budget: 0)
    #expect(memo.answers(forReadFrom: memo.generationBeforeRead(), change: .none) == nil)
    #expect(memo.answers(forReadFrom: memo.generationBeforeRead(), change: .unknown) == nil)
  }

  @Test(
    "the generation protocol: unchanged reads share the generation; a change bumps it; a bump by another read meanwhile leaves this read without the memo"
  )
  func protocolSteps() throws {
    let memo = AnswerMemo(budget: 1 << 20)
    let g0 = memo.generationBeforeRead()
    #expect(try #require(memo.answers(forReadFrom: g0, change: .none)).generation == g0)
    let own = try #require(memo.answers(forReadFrom: g0, change: .unknown))
    #expect(own.generation == g0 + 1)
    #expect(memo.generationBeforeRead() == g0 + 1)
    // Two reads begin; both find the feed changed; the second to bump had another read's bump in between.
    let first = memo.generationBeforeRead()
    let second = memo.generationBeforeRead()
    #expect(memo.answers(forReadFrom: first, change: .unknown)?.generation == first + 1)
    #expect(memo.answers(forReadFrom: second, change: .unknown) == nil)
    #expect(memo.generationBeforeRead() == first + 2, "the read without the memo still bumped")
    // A read that did not find the feed changed keeps its step-1 generation, even if others bumped since.
    #expect(memo.answers(forReadFrom: first, change: .none)?.generation == first)
  }

  @Test(
    "counted changes: the reads that see one commit share one generation; an older count gets no memo and bumps nothing"
  )
  func countedChanges() throws {
    let memo = AnswerMemo(budget: 1 << 20)
    let g0 = memo.generationBeforeRead()
    // Three connections' reads begin before any of them sees commit 7; the first to see it bumps.
    #expect(memo.answers(forReadFrom: g0, change: .counted(7))?.generation == g0 + 1)
    #expect(memo.answers(forReadFrom: g0, change: .counted(7)) == nil, "began before the bump: no memo")
    let later = memo.generationBeforeRead()
    #expect(memo.answers(forReadFrom: later, change: .counted(7))?.generation == g0 + 1, "joins, no bump")
    #expect(memo.answers(forReadFrom: later, change: .counted(6)) == nil, "a snapshot older than the generation")
    #expect(memo.generationBeforeRead() == g0 + 1, "one commit, one bump")
    #expect(memo.answers(forReadFrom: later, change: .counted(8))?.generation == g0 + 2)
    // Unknown (a new connection) always bumps, and the next count bumps again.
    #expect(memo.answers(forReadFrom: g0 + 2, change: .unknown)?.generation == g0 + 3)
    #expect(memo.answers(forReadFrom: g0 + 3, change: .counted(8))?.generation == g0 + 4)
  }
}
