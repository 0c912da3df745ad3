/// A width and a height, in points.
public struct Size: Sendable, Hashable {
  /// Width in points.
  public var width: Double
  /// Height in points.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// Zero width and height.
  public static let zero = Size(width: 0, height: 0)
}

/// A frame: origin and size, in points, relative to the parent (UIKit convention).
public struct Rect: Sendable, Hashable, BitwiseCopyable, CustomStringConvertible {
  /// Left edge.
  public var x: Double
  /// Top edge.
  public var y: Double
  /// Width.
  public var width: Double
  /// Height.
  public var height: Double

  /// Creates a frame.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The empty frame at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// Right edge.
  public var maxX: Double { x + width }
  /// Bottom edge.
  public var maxY: Double { y + height }
  /// The frame's size.
  public var size: Size { Size(width: width, height: height) }

  /// `(x, y, width, height)`, each number as the layout JSON writes it (``LayoutJSON/number(_:)``).
  public var description: String {
    "(\(LayoutJSON.number(x)), \(LayoutJSON.number(y)), \(LayoutJSON.number(width)), \(LayoutJSON.number(height)))"
  }
}

/// A node's size range, as in RepresentableKit: minimum … ideal … maximum per axis.
public struct SizeRange: Sendable, Hashable {
  /// The smallest size that satisfies the required constraints.
  public var minimum: Size
  /// The preferred (fitting) size.
  public var ideal: Size
  /// The largest size the required constraints allow (infinite when unbounded).
  public var maximum: Size

  /// Creates a size range.
  public init(minimum: Size, ideal: Size, maximum: Size) {
    self.minimum = minimum
    self.ideal = ideal
    self.maximum = maximum
  }
}
