import StackRender
import Testing

@Suite struct TerminalColumnsTests {
  @Test(arguments: [
    ("abc", 3), ("Crème brûlée", 12), ("e\u{301}", 1), ("機能", 4), ("한국", 4), ("ｆｕｌｌ", 8), ("👍🏽", 2),
    ("🍮", 2), ("❤\u{FE0F}", 2), ("❤", 1), ("ß", 1), ("a\r\nb", 3), ("a\tb", 3), ("", 0),
    ("THE FUTURE IS FUNCTIONAL ~", 26),
  ])
  func textTakesOneCellPerCharacterAndTwoPerWideOne(text: String, columns: Int) {
    #expect(text.terminalColumns == columns)
  }

  @Test(arguments: [
    ("abc", 3, "abc"), ("abcd", 3, "ab…"), ("未来は機能的", 7, "未来は…"), ("機能", 3, "機…"), ("機能", 4, "機能"),
    ("👍🏽👍🏽", 3, "👍🏽…"), ("abc", 0, ""), ("The future is functional", 10, "The futur…"), ("abcd", 1, "…"),
    ("a\r\nbcd", 3, "a\r\n…"),
  ])
  func fittingCutsByCellsAndEndsWithAnEllipsis(text: String, columns: Int, expected: String) {
    #expect(text.fittingTerminal(columns: columns) == expected)
  }
}
