import HTTPServer
import Testing

@testable import FeedServer

@Suite("AnswerMemo: serve's remembered answers")
struct AnswerMemoTests {
  private func key(_ page: Int) -> AnswerMemo.Key {
    AnswerMemo.Key(
      path: "/v1/feed", query: [HTTPField("after", "feed_item:\(page):\(page):\(page)")], viewer: "default")
  }

  private func answer(_ bytes: Int) -> HTTPResponse {
    HTTPResponse(status: 200, body: Array(repeating: UInt8(ascii: "x"), count: bytes))
  }

  @Test("an answer is served for its version only: another version forgets every answer")
  func versions() {
    let memo = AnswerMemo(limit: 1 << 20)
    memo.use(version: 1)
    memo.remember(answer(10), for: key(1))
    memo.use(version: 1)
    #expect(memo[key(1)]?.body.count == 10)
    #expect(memo[key(2)] == nil)
    memo.use(version: 2)
    #expect(memo[key(1)] == nil)
    memo.use(version: 1)
    #expect(memo[key(1)] == nil, "going back to a version number does not bring old answers back")
  }

  @Test("the arguments as sent are the key: another order or value is another answer")
  func keys() {
    let memo = AnswerMemo(limit: 1 << 20)
    memo.use(version: 1)
    let ordered = AnswerMemo.Key(
      path: "/v1/render", query: [HTTPField("limit", "5"), HTTPField("width", "320")], viewer: "default")
    memo.remember(answer(1), for: ordered)
    #expect(memo[ordered] != nil)
    #expect(memo[AnswerMemo.Key(path: "/v1/render", query: ordered.query.reversed(), viewer: "default")] == nil)
    #expect(memo[AnswerMemo.Key(path: "/v1/render", query: [HTTPField("limit", "5")], viewer: "default")] == nil)
    let valueless = [HTTPField("limit", "5"), HTTPField("width", nil)]
    #expect(memo[AnswerMemo.Key(path: "/v1/render", query: valueless, viewer: "default")] == nil)
  }

  @Test("an answer made for one user is never another user's")
  func viewers() {
    let memo = AnswerMemo(limit: 1 << 20)
    memo.use(version: 1)
    let ann = AnswerMemo.Key(path: "/v1/me/feed", query: [HTTPField("limit", "5")], viewer: "ann")
    memo.remember(answer(1), for: ann)
    #expect(memo[ann] != nil)
    #expect(memo[AnswerMemo.Key(path: ann.path, query: ann.query, viewer: "bob")] == nil)
    #expect(memo[AnswerMemo.Key(path: ann.path, query: ann.query, viewer: "default")] == nil)
  }

  @Test("a full memo drops its oldest answers first; an answer larger than the memo is not kept")
  func limit() throws {
    let memo = AnswerMemo(limit: 10_000)
    memo.use(version: 1)
    for page in 0..<100 {
      memo.remember(answer(1000), for: key(page))
    }
    let kept = (0..<100).filter { memo[key($0)] != nil }
    #expect(kept == Array(try #require(kept.first)..<100), "the newest answers, in one run")
    #expect(kept.count * (1000 + 256) <= 10_000 && kept.count >= 5, "\(kept.count) answers kept")
    memo.remember(answer(20_000), for: key(500))
    #expect(memo[key(500)] == nil)
    #expect(memo[key(99)] != nil, "a refused answer drops nothing")
  }
}
