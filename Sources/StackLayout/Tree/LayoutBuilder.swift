/// Builds the children of a stack from single nodes, optionals, arrays, `if`/`else`, `switch` and `for`.
///
/// ```swift
/// VStack {
///   title
///   if let subtitle { Text(subtitle) }
///   for name in images { Image(name) }
/// }
/// ```
@resultBuilder
public enum LayoutBuilder {
  /// A single element.
  public static func buildExpression(_ element: some LayoutElement) -> [LayoutNode] { [element.node] }

  /// An optional element: nothing when nil.
  public static func buildExpression(_ element: (some LayoutElement)?) -> [LayoutNode] {
    element.map { [$0.node] } ?? []
  }

  /// An array of elements of one type.
  public static func buildExpression(_ elements: [some LayoutElement]) -> [LayoutNode] { elements.map(\.node) }

  /// An array of elements of mixed types.
  public static func buildExpression(_ elements: [any LayoutElement]) -> [LayoutNode] { elements.map(\.node) }

  /// The statements of a block, in order.
  public static func buildBlock(_ parts: [LayoutNode]...) -> [LayoutNode] { parts.flatMap { $0 } }

  /// An `if` without `else`.
  public static func buildOptional(_ part: [LayoutNode]?) -> [LayoutNode] { part ?? [] }

  /// The first branch of `if`/`else` or `switch`.
  public static func buildEither(first part: [LayoutNode]) -> [LayoutNode] { part }

  /// The second branch of `if`/`else` or `switch`.
  public static func buildEither(second part: [LayoutNode]) -> [LayoutNode] { part }

  /// A `for` loop.
  public static func buildArray(_ parts: [[LayoutNode]]) -> [LayoutNode] { parts.flatMap { $0 } }

  /// An `if #available` block.
  public static func buildLimitedAvailability(_ part: [LayoutNode]) -> [LayoutNode] { part }
}
