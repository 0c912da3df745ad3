/// How strongly a constraint holds, on UIKit's scale from 1 to 1000.
///
/// ```swift
/// Text("Title").width(200, priority: .defaultHigh)
/// ```
public struct LayoutPriority: Sendable, Hashable, Comparable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
  /// The priority value; 1000 is required.
  public var value: Float

  /// Creates a priority, clamped to 1…1000.
  public init(_ value: Float) {
    self.value = value.isFinite ? min(max(value, 1), 1000) : 1000
  }

  /// Creates a priority from an integer literal.
  public init(integerLiteral value: Int) { self.init(Float(value)) }

  /// Creates a priority from a float literal.
  public init(floatLiteral value: Float) { self.init(value) }

  /// A required constraint (1000).
  public static let required = LayoutPriority(1000)
  /// UIKit's `defaultHigh` (750), the default compression resistance.
  public static let defaultHigh = LayoutPriority(750)
  /// UIKit's `defaultLow` (250), the default content hugging.
  public static let defaultLow = LayoutPriority(250)
  /// UIKit's `fittingSizeLevel` (50).
  public static let fittingSizeLevel = LayoutPriority(50)

  /// Whether the constraint is required (1000).
  public var isRequired: Bool { value >= 1000 }

  /// Orders priorities by value.
  public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool { lhs.value < rhs.value }
}

/// A fixed length on one axis, required or at a priority (ConstraintKit `withWidth(v, priority:)`).
public struct SizeConstraint: Sendable, Hashable {
  /// The length in points.
  public var value: Double
  /// How strongly the length holds.
  public var priority: LayoutPriority

  /// Creates a size constraint.
  public init(_ value: Double, priority: LayoutPriority = .required) {
    self.value = value
    self.priority = priority
  }
}

/// `width == ratio × height` at a priority (ConstraintKit `withAspectRatio`).
public struct AspectRatio: Sendable, Hashable {
  /// Width divided by height.
  public var ratio: Double
  /// How strongly the ratio holds.
  public var priority: LayoutPriority

  /// Creates an aspect-ratio constraint.
  public init(_ ratio: Double, priority: LayoutPriority = .required) {
    self.ratio = ratio
    self.priority = priority
  }
}

/// Layout margins of a stack (`UIEdgeInsets`), in points.
public struct EdgeInsets: Sendable, Hashable, BitwiseCopyable {
  /// Top inset.
  public var top: Double
  /// Left inset.
  public var left: Double
  /// Bottom inset.
  public var bottom: Double
  /// Right inset.
  public var right: Double

  /// Creates insets; every edge defaults to 0.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No insets.
  public static let zero = EdgeInsets()

  /// The same inset on every edge.
  public static func all(_ value: Double) -> EdgeInsets {
    EdgeInsets(top: value, left: value, bottom: value, right: value)
  }

  /// Left and right insets.
  public static func horizontal(_ value: Double) -> EdgeInsets { EdgeInsets(left: value, right: value) }

  /// Top and bottom insets.
  public static func vertical(_ value: Double) -> EdgeInsets { EdgeInsets(top: value, bottom: value) }

  /// Explicit insets (each defaults to 0).
  public static func insets(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) -> EdgeInsets {
    EdgeInsets(top: top, left: left, bottom: bottom, right: right)
  }

  /// The same inset on every edge, from a spacing token.
  public static func all(_ token: Spacing) -> EdgeInsets { .all(token.points) }

  /// Left and right insets from a spacing token.
  public static func horizontal(_ token: Spacing) -> EdgeInsets { .horizontal(token.points) }

  /// Top and bottom insets from a spacing token.
  public static func vertical(_ token: Spacing) -> EdgeInsets { .vertical(token.points) }
}

/// Insets by leading and trailing edge (UIKit's `NSDirectionalEdgeInsets`): `leading` is the left edge in
/// left-to-right and the right edge in right-to-left.
///
/// ```swift
/// VStack { … }.directionalMargin(.insets(top: 20, leading: 10, trailing: 10))
/// ```
public struct DirectionalEdgeInsets: Sendable, Hashable, BitwiseCopyable {
  /// Top inset.
  public var top: Double
  /// Leading inset.
  public var leading: Double
  /// Bottom inset.
  public var bottom: Double
  /// Trailing inset.
  public var trailing: Double

  /// Creates insets; every edge defaults to 0.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same inset on every edge.
  public static func all(_ value: Double) -> DirectionalEdgeInsets {
    DirectionalEdgeInsets(top: value, leading: value, bottom: value, trailing: value)
  }

  /// Leading and trailing insets.
  public static func horizontal(_ value: Double) -> DirectionalEdgeInsets {
    DirectionalEdgeInsets(leading: value, trailing: value)
  }

  /// Explicit insets (each defaults to 0).
  public static func insets(
    top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0
  ) -> DirectionalEdgeInsets {
    DirectionalEdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing)
  }
}

/// Cross-axis alignment of a stack (`UIStackView.Alignment`).
///
/// `top` is `leading` and `bottom` is `trailing` (UIKit gives them the same raw values); both
/// spellings are kept so that a decoded tree encodes back as written.
public enum StackAlignment: String, Sendable, Hashable, CaseIterable, BitwiseCopyable {
  case fill, leading, center, trailing, top, bottom, firstBaseline, lastBaseline
}

/// Main-axis distribution of a stack (`UIStackView.Distribution`).
public enum StackDistribution: String, Sendable, Hashable, CaseIterable, BitwiseCopyable {
  case fill, fillEqually, fillProportionally, equalSpacing, equalCentering
}

/// How an image fills its frame (drawing only; no layout effect).
public enum ContentMode: String, Sendable, Hashable, CaseIterable {
  case scaleToFill, aspectFit, aspectFill, center
}

/// Horizontal alignment of text lines inside a label's frame (drawing only).
public enum TextAlignment: String, Sendable, Hashable, CaseIterable {
  case natural, left, center, right, justified
}
