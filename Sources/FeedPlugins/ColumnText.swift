import FeedStore
import FeedViewModels

/// A text column of the row a query is reading, as a view model's formatter reads a stored text: its bytes are
/// read in place each time (``StoreRow/withText(at:_:)``) and written straight into the formatter's output, so a
/// plugin writes a row's JSON from the database without a `String` per text (``JSONRowWriter/write(kind:id:texts:to:)``).
/// Valid only while the row is, inside the query's body.
///
///     try db.query(sql, []) { row in
///       let title = try ColumnText(row, at: 1)
///       FeedItemViewModel.title(title, to: &bytes)
///     }
public struct ColumnText: StoredText {
  @usableFromInline let row: StoreRow
  @usableFromInline let index: Int
  /// Whether the text is empty.
  public let isEmpty: Bool

  /// The text of column `index`; throws when it holds anything else, NULL included (``StoreRow/string(at:)``'s
  /// error).
  @inlinable public init(_ row: StoreRow, at index: Int) throws {
    // NULL: the answer is string(at:)'s, which refuses it on both backends (its error is the one thrown).
    let count = try row.textCount(at: index) ?? row.string(at: index).utf8.count
    self.row = row
    self.index = index
    isEmpty = count == 0
  }

  /// The text of column `index`, `nil` for NULL; throws when it holds anything else.
  @inlinable public init?(optional row: StoreRow, at index: Int) throws {
    guard let count = try row.textCount(at: index) else { return nil }
    self.row = row
    self.index = index
    isEmpty = count == 0
  }

  /// Appends the text to `out` as it is.
  @inlinable public func write(to out: inout some TextOutput & ~Copyable) {
    row.withText(at: index) { out.write(utf8: $0) }
  }

  /// Appends the text to `out` upper-cased.
  @inlinable public func writeUppercased(to out: inout some TextOutput & ~Copyable) {
    row.withText(at: index) { out.writeUppercased(utf8: $0) }
  }
}
