/// A text as it is stored, which a view model's formatter reads: a `String` (a model's field), or a text borrowed
/// from where it is kept (a database row's column, for as long as the row is read) and written straight into a
/// ``TextOutput`` without becoming a `String` on the way.
public protocol StoredText {
  /// Whether the text is empty.
  var isEmpty: Bool { get }
  /// Appends the text to `out` as it is.
  func write(to out: inout some TextOutput & ~Copyable)
  /// Appends the text to `out` upper-cased, as `String.uppercased()` upper-cases it.
  func writeUppercased(to out: inout some TextOutput & ~Copyable)
}

extension String: StoredText {
  /// Appends the string to `out`.
  @inlinable public func write(to out: inout some TextOutput & ~Copyable) {
    out.write(self)
  }

  /// Appends `uppercased()` to `out`.
  @inlinable public func writeUppercased(to out: inout some TextOutput & ~Copyable) {
    out.write(uppercased())
  }
}

extension String {
  /// The text `write` writes into an empty string: a formatter's `String` form.
  ///
  ///     String { FeedItemViewModel.title("Press reset", to: &$0) }   // "PRESS RESET"
  @inlinable public init(writing write: (inout String) -> Void) {
    self = ""
    write(&self)
  }

  /// The text `write` writes into an empty string, `nil` when it returns false (an absent text): the `String`
  /// form of a formatter of an optional text.
  ///
  ///     String { FeedItemViewModel.tag("", to: &$0) }   // nil
  @inlinable public init?(writing write: (inout String) -> Bool) {
    self = ""
    guard write(&self) else { return nil }
  }
}
