/// A vertical stack (`UIStackView`, axis vertical; distribution and alignment `fill` by default).
///
/// ```swift
/// VStack(spacing: 5) { title; subtitle }.margin(.all(20))
/// ```
public struct VStack: LayoutElement {
  /// The stack's node.
  public var node: LayoutNode

  /// Creates a vertical stack.
  public init(
    spacing: Double = 0, alignment: StackAlignment = .fill, distribution: StackDistribution = .fill,
    @LayoutBuilder _ content: () -> [LayoutNode]
  ) {
    node = LayoutNode(.vstack, spacing: spacing, alignment: alignment, distribution: distribution, children: content())
  }
}

/// A horizontal stack (`UIStackView`, axis horizontal; distribution and alignment `fill` by default).
///
/// ```swift
/// HStack(alignment: .center) { column; Spacer(w: 10); button }
/// ```
public struct HStack: LayoutElement {
  /// The stack's node.
  public var node: LayoutNode

  /// Creates a horizontal stack.
  public init(
    spacing: Double = 0, alignment: StackAlignment = .fill, distribution: StackDistribution = .fill,
    @LayoutBuilder _ content: () -> [LayoutNode]
  ) {
    node = LayoutNode(.hstack, spacing: spacing, alignment: alignment, distribution: distribution, children: content())
  }
}

/// StackKit's ZStack: every child fills the content rect (the bounds inset by the margins).
///
/// ```swift
/// ZStack { Image("hero"); VStack { … } }.margin(.insets(top: 20, left: 10, right: 10))
/// ```
public struct ZStack: LayoutElement {
  /// The stack's node.
  public var node: LayoutNode

  /// Creates a ZStack.
  public init(@LayoutBuilder _ content: () -> [LayoutNode]) {
    node = LayoutNode(kind: .zstack, children: content())
  }
}

extension LayoutNode {
  /// A vertical or horizontal stack node with its arrangement.
  init(
    _ kind: Kind, spacing: Double, alignment: StackAlignment, distribution: StackDistribution,
    children: [LayoutNode]
  ) {
    self.init(kind: kind, children: children)
    self.spacing = spacing
    self.alignment = alignment
    self.distribution = distribution
  }
}
