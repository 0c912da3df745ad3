import FeedPlugins
import JSONCore
import StackRender

/// Streams `list --format text`: one block per row, fitting 80 columns:
///
///     feed_item  title     THE FUTURE IS FUNCTIONAL
///                subtitle  Get after your goals in new Apex
///                tag       NEW RELEASES
///                image     functional-male
///
/// Absent texts are left out; a list is one line of its items (each its present texts joined by spaces, e.g.
/// `gallery   tshirt, top, hoodie, shorts +3`); a value too long for the line ends with `…`.
struct TextRowWriter {
  private static let width = 80
  private static let kindColumn = 11
  private static let nameColumn = 10
  let output: Output

  /// Writes one row's block and a blank line, straight into the output's buffer.
  func write(_ row: FeedRow) throws {
    try output.append { buffer in
      var lines = 0
      for text in row.texts {
        guard let value = text.value else { continue }
        Self.line(&buffer, kind: lines == 0 ? row.kind : "", name: text.name, value: value)
        lines += 1
      }
      for list in row.lists {
        Self.line(&buffer, kind: lines == 0 ? row.kind : "", name: list.name, value: Self.joined(list))
        lines += 1
      }
      if lines == 0 { Self.line(&buffer, kind: row.kind, name: "id", value: row.id) }
      buffer.append(UInt8(ascii: "\n"))
    }
  }

  /// Ends the listing; when the feed was cut by `--limit`, prints `more: ` and the command that lists the
  /// next page, made by `nextPage` from the cursor.
  func finish(next: FeedCursor?, nextPage: (FeedCursor) -> String) throws {
    guard let next else { return }
    try output.write("more: \(nextPage(next))\n")
  }

  /// One line: the kind and name columns, then the value fitted to the rest of the 80 columns.
  private static func line(_ buffer: inout ByteBuffer, kind: String, name: String, value: String) {
    cell(&buffer, kind, width: kindColumn)
    cell(&buffer, name, width: nameColumn)
    buffer.append(fit(value, width - kindColumn - nameColumn))
    buffer.append(UInt8(ascii: "\n"))
  }

  /// A list on one line: its items separated by `, `, each its present texts separated by spaces.
  private static func joined(_ list: RowList) -> String {
    list.items.map { item in item.compactMap(\.value).plainJoined(separator: " ") }.plainJoined(separator: ", ")
  }

  /// `text` fitted to `width - 1` cells and padded with spaces to `width` (at least one space).
  private static func cell(_ buffer: inout ByteBuffer, _ text: String, width: Int) {
    let fitted = fit(text, width - 1)
    buffer.append(fitted)
    buffer.append(repeating: UInt8(ascii: " "), count: max(1, width - fitted.terminalColumns))
  }

  /// `text` on one line of at most `width` terminal cells (a CJK character or an emoji takes two; newlines,
  /// tabs and other controls become spaces), ending with `…` when cut. Printable ASCII that fits (most feed
  /// texts) is returned as it is after one look at its bytes.
  private static func fit(_ text: String, _ width: Int) -> String {
    let ascii = text.isPrintableASCII
    if ascii && text.utf8.count <= width { return text }
    let line = ascii ? text : String(text.map { Self.isControl($0) ? " " : $0 })
    return line.fittingTerminal(columns: width)
  }

  private static func isControl(_ character: Character) -> Bool {
    character.isNewline || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}
