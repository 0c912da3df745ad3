import FeedPlugins
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

  /// Writes one row's block and a blank line.
  func write(_ row: FeedRow) throws {
    var lines = row.texts.compactMap { text in text.value.map { (text.name, $0) } }
    for list in row.lists {
      let items = list.items.map { item in item.compactMap(\.value).joined(separator: " ") }
      lines.append((list.name, items.joined(separator: ", ")))
    }
    if lines.isEmpty { lines.append(("id", row.id)) }
    var block = ""
    for (index, line) in lines.enumerated() {
      let kind = index == 0 ? row.kind : ""
      block += Self.pad(kind, Self.kindColumn) + Self.pad(line.0, Self.nameColumn)
      block += Self.fit(line.1, Self.width - Self.kindColumn - Self.nameColumn) + "\n"
    }
    try output.write(block + "\n")
  }

  /// Ends the listing; when the feed was cut by `--limit`, prints `more: ` and the command that lists the
  /// next page, made by `nextPage` from the cursor.
  func finish(next: FeedCursor?, nextPage: (FeedCursor) -> String) throws {
    guard let next else { return }
    try output.write("more: \(nextPage(next))\n")
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    let fitted = fit(text, width - 1)
    return fitted + String(repeating: " ", count: max(1, width - fitted.terminalColumns))
  }

  /// `text` on one line of at most `width` terminal cells (a CJK character or an emoji takes two; newlines,
  /// tabs and other controls become spaces), ending with `…` when cut.
  private static func fit(_ text: String, _ width: Int) -> String {
    let line = text.isPrintableASCII ? text : String(text.map { Self.isControl($0) ? " " : $0 })
    return line.fittingTerminal(columns: width)
  }

  private static func isControl(_ character: Character) -> Bool {
    character.isNewline || character.unicodeScalars.contains { $0.properties.generalCategory == .control }
  }
}
