/// Spacing tokens in the DeclarativeUI style, resolving to points on a 4-point grid.
///
/// ```swift
/// VStack(spacing: .small) { … }.margin(.all(.medium))
/// ```
/// The values are Stackfeed's choice (DeclarativeUI's own table is not published); see docs/LAYOUT.md.
public enum Spacing: String, Sendable, Hashable, CaseIterable {
  case zero, extraSmall3, extraSmall2, extraSmall, small, medium, large

  /// The token's length in points.
  public var points: Double {
    switch self {
    case .zero: 0
    case .extraSmall3: 2
    case .extraSmall2: 4
    case .extraSmall: 8
    case .small: 12
    case .medium: 16
    case .large: 24
    }
  }
}
