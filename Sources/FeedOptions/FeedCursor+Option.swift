import FeedPlugins

extension OptionSource {
  /// Takes the option `after`, a feed cursor (the `next` of an earlier page); `nil` when absent.
  public mutating func cursor() throws(Failure) -> FeedCursor? {
    guard let text = try value(of: "after") else { return nil }
    guard let cursor = FeedCursor(text) else {
      throw failure(
        option: "after",
        "\(spelling(of: "after")) takes a cursor printed by an earlier list (\"next\"), not \"\(text)\"")
    }
    return cursor
  }
}
