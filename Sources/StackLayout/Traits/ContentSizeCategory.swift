/// Dynamic Type's text size setting (UIKit's `UIContentSizeCategory`), smallest to largest; `large` is
/// the system default. The raw values are the names the command line and the HTTP API take.
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable, Comparable {
  /// `UIContentSizeCategory.extraSmall`.
  case extraSmall = "xS"
  /// `.small`.
  case small = "S"
  /// `.medium`.
  case medium = "M"
  /// `.large`, the default.
  case large = "L"
  /// `.extraLarge`.
  case extraLarge = "xL"
  /// `.extraExtraLarge`.
  case extraExtraLarge = "xxL"
  /// `.extraExtraExtraLarge`.
  case extraExtraExtraLarge = "xxxL"
  /// `.accessibilityMedium`.
  case accessibilityMedium = "AX1"
  /// `.accessibilityLarge`.
  case accessibilityLarge = "AX2"
  /// `.accessibilityExtraLarge`.
  case accessibilityExtraLarge = "AX3"
  /// `.accessibilityExtraExtraLarge`.
  case accessibilityExtraExtraLarge = "AX4"
  /// `.accessibilityExtraExtraExtraLarge`, the largest.
  case accessibilityExtraExtraExtraLarge = "AX5"

  /// Whether the category is one of the five larger accessibility sizes (AX1…AX5).
  public var isAccessibilityCategory: Bool { self >= .accessibilityMedium }

  /// Smaller categories first, in `allCases` order.
  public static func < (lhs: ContentSizeCategory, rhs: ContentSizeCategory) -> Bool {
    lhs.index < rhs.index
  }

  /// The position in `allCases` (xS is 0, AX5 is 11): the column of the Dynamic Type tables.
  var index: Int {
    switch self {
    case .extraSmall: 0
    case .small: 1
    case .medium: 2
    case .large: 3
    case .extraLarge: 4
    case .extraExtraLarge: 5
    case .extraExtraExtraLarge: 6
    case .accessibilityMedium: 7
    case .accessibilityLarge: 8
    case .accessibilityExtraLarge: 9
    case .accessibilityExtraExtraLarge: 10
    case .accessibilityExtraExtraExtraLarge: 11
    }
  }
}
