import FeedViewModels
import JSONCore

/// A row's named texts as ``JSONRowWriter`` writes them, in order: a ``FeedRow``'s (its `[RowText]`), or a
/// plugin's own, written by its view model's formatters straight from where they are stored
/// (``RowPlugin/writeRows(from:after:limit:context:to:_:admitting:)``).
public protocol RowTexts {
  /// The number of texts.
  var count: Int { get }
  /// The name of text `index` (a JSON key).
  func name(at index: Int) -> String
  /// Writes text `index` to `out` and returns true, or writes nothing and returns false when it is absent (JSON
  /// `null`).
  func write(at index: Int, to out: inout some TextOutput & ~Copyable) -> Bool
  /// Appends the name of text `index` as a JSON string, quoted and escaped: by default ``name(at:)`` through the
  /// escaper; texts whose names are fixed may append them as literals, the same bytes without the scan (about 170
  /// instructions a name, 80 names a page of 20 feed items).
  func writeName(at index: Int, to bytes: inout ByteBuffer)
}

extension RowTexts {
  /// ``name(at:)`` as a JSON string.
  @inlinable public func writeName(at index: Int, to bytes: inout ByteBuffer) {
    JSONWriter.string(name(at: index), to: &bytes)
  }
}

extension [RowText]: RowTexts {
  /// The name of text `index`.
  @inlinable public func name(at index: Int) -> String {
    self[index].name
  }

  /// Writes text `index`'s value, false when it is `nil`.
  @inlinable public func write(at index: Int, to out: inout some TextOutput & ~Copyable) -> Bool {
    guard let value = self[index].value else { return false }
    out.write(value)
    return true
  }
}
