import HTTPServer

/// The answer memo as one read sees it: the answers of the generation of the feed that read may use
/// (``AnswerMemo/answers(forReadFrom:change:)``), made from the same version of the feed as its snapshot.
public struct RememberedAnswers: Sendable {
  /// The server's memo.
  let memo: AnswerMemo
  /// The read's generation.
  let generation: UInt64

  /// The answer remembered for `key`, if any.
  subscript(key: AnswerMemo.Key) -> HTTPResponse? {
    memo.answer(for: key, generation: generation)
  }

  /// Remembers `response` for `key` (when the memo admits it).
  func remember(_ response: HTTPResponse, for key: AnswerMemo.Key) {
    memo.remember(response, for: key, generation: generation)
  }
}
