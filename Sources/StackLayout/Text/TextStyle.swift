/// A Dynamic Type text style (UIKit's `UIFont.TextStyle`): which scaling curve a label's font follows as the
/// content size category changes. A label keeps its own point size at `L`; the style only says how that size
/// scales, as `UIFontMetrics(forTextStyle:).scaledValue(for:)` does (docs/TEXT.md, "Dynamic Type").
///
/// ```swift
/// TextStyle.body.scaledValue(17, for: .accessibilityExtraLarge)   // 40
/// Text("Title", font: FontStyle(size: 18, weight: .heavy)).textStyle(.title3)
/// ```
public enum TextStyle: String, Sendable, Hashable, CaseIterable, BitwiseCopyable {
  case largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2

  /// Apple's published point size of the style at `category` (iOS, HIG "Dynamic Type sizes").
  public func pointSize(at category: ContentSizeCategory) -> Double {
    Self.pointSizes[rowIndex * 12 + category.index]
  }

  /// `value` scaled from `L` to `category` along this style's curve: `value × size(category) ÷ size(L)`;
  /// `value` itself at `L`.
  public func scaledValue(_ value: Double, for category: ContentSizeCategory) -> Double {
    let row = rowIndex * 12
    let points = Self.pointSizes[row + category.index]
    let base = Self.pointSizes[row + ContentSizeCategory.large.index]
    return points == base ? value : value * points / base
  }

  private var rowIndex: Int {
    switch self {
    case .largeTitle: 0
    case .title1: 1
    case .title2: 2
    case .title3: 3
    case .headline: 4
    case .body: 5
    case .callout: 6
    case .subheadline: 7
    case .footnote: 8
    case .caption1: 9
    case .caption2: 10
    }
  }

  /// Point sizes per style (rows of 12 in case order), per category xS, S, M, L, xL, xxL, xxxL, AX1 … AX5;
  /// one flat array, so that a lookup reads one buffer.
  private static let pointSizes: [Double] = [
    31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60,  // largeTitle
    25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58,  // title1
    19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56,  // title2
    17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55,  // title3
    14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53,  // headline
    14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53,  // body
    13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51,  // callout
    12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49,  // subheadline
    12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44,  // footnote
    11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43,  // caption1
    11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40,  // caption2
  ]
}
