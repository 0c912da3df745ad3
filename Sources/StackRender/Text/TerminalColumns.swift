extension Character {
  /// The cells the character takes in a terminal: 2 for East Asian wide and fullwidth characters (CJK,
  /// Hangul, kana, fullwidth forms) and emoji shown as pictures, else 1.
  ///
  ///     Character("a").terminalColumns    // 1
  ///     Character("機").terminalColumns   // 2
  ///     Character("👍🏽").terminalColumns  // 2
  public var terminalColumns: Int {
    guard let first = unicodeScalars.first else { return 1 }
    if first.value < 0x300 && unicodeScalars.count == 1 { return 1 }
    if first.properties.isEmojiPresentation { return 2 }
    if first.properties.isEmoji && unicodeScalars.contains("\u{FE0F}") { return 2 }
    return Self.wideRanges.contains { $0.contains(first.value) } ? 2 : 1
  }

  /// The East Asian Width W and F blocks (Unicode UAX #11), as terminals' `wcwidth` treats them.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
    0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}

extension String {
  /// The cells the text takes on one terminal line (see ``Swift/Character/terminalColumns``).
  public var terminalColumns: Int {
    isPrintableASCII ? utf8.count : reduce(0) { $0 + $1.terminalColumns }
  }

  /// True when every character is printable ASCII (space to `~`): one byte, one character, one cell each.
  /// Most feed texts are; checking the bytes is far cheaper than walking the characters.
  public var isPrintableASCII: Bool {
    utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
  }

  /// The text in at most `columns` terminal cells: whole when it fits, else cut and ended with `…`.
  ///
  ///     "未来は機能的".fittingTerminal(columns: 7)  // "未来は…"
  public func fittingTerminal(columns: Int) -> String {
    guard terminalColumns > columns else { return self }
    guard columns > 0 else { return "" }
    if isPrintableASCII { return prefix(columns - 1) + "…" }
    var kept = ""
    var used = 0
    for character in self {
      let width = character.terminalColumns
      guard used + width <= columns - 1 else { break }
      kept.append(character)
      used += width
    }
    return kept + "…"
  }
}
