/// A conflict or invalid input the engine resolved by its documented fallback.
public struct LayoutWarning: Sendable, Hashable, CustomStringConvertible {
  /// Where: `root.children[2]` style path of the node.
  public var path: String
  /// What happened and which fallback won.
  public var message: String

  /// Creates a warning.
  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// `path: message`.
  public var description: String { "\(path): \(message)" }
}

/// A laid-out tree: the input nodes with their frames (relative to the parent), in preorder.
///
/// ```swift
/// let result = LayoutEngine(measurer: m).layout(card.node, width: 390)
/// result.size.height            // the row height
/// result.placed.children[0].frame
/// ```
public struct LayoutResult: Sendable, Equatable {
  /// The tree that was laid out.
  public let root: LayoutNode
  /// Frames in preorder (root first, then each subtree in order), relative to the parent, pixel-snapped.
  public let frames: [Rect]
  /// Text measurements in preorder at each label's final width; nil for other nodes, collapsed labels and
  /// labels given both intrinsic sizes (those are never measured). Built on access when no label was
  /// measured: read it once, not per node.
  public var texts: [TextMeasurement?] {
    measuredTexts.isEmpty ? Array(repeating: nil, count: frames.count) : measuredTexts
  }
  /// `texts`, or empty when every entry is nil (most cards with fixed-size labels: no per-node array).
  private let measuredTexts: [TextMeasurement?]
  /// Indices (preorder) of nodes whose children may extend past their bounds (a resolved conflict).
  public let overflowing: Set<Int>
  /// Conflicts and invalid values resolved by a fallback.
  public let warnings: [LayoutWarning]
  /// The traits the tree was laid out for: renderers draw its colours and text alignment for them.
  public let traits: Traits

  /// Creates a result (the engine does this).
  public init(
    root: LayoutNode, frames: [Rect], texts: [TextMeasurement?], overflowing: Set<Int>, warnings: [LayoutWarning],
    traits: Traits = .default
  ) {
    self.root = root
    self.frames = frames
    measuredTexts = texts.contains { $0 != nil } ? texts : []
    self.overflowing = overflowing
    self.warnings = warnings
    self.traits = traits
  }

  /// The root's size (width as requested, height as fitted or imposed).
  public var size: Size { frames.first?.size ?? .zero }

  /// The result as a tree of placed nodes, each label's font at the size it was laid out at (scaled for
  /// `traits.contentSize`; `root` keeps the sizes at `L`).
  public var placed: PlacedNode {
    var index = 0
    return PlacedNode(
      building: root, frames: frames, texts: measuredTexts, contentSize: traits.contentSize, index: &index)
  }
}

/// One node of a laid-out tree with its frame, for renderers.
public struct PlacedNode: Sendable, Equatable {
  /// The node (its `children` are the unplaced input); a label's font is the size it was laid out at, and a
  /// node marked `scalesWith` has its corner radius scaled with its size.
  public var node: LayoutNode
  /// Frame relative to the parent.
  public var frame: Rect
  /// Wrapped lines and baselines for labels.
  public var text: TextMeasurement?
  /// Placed children, in order.
  public var children: [PlacedNode]

  init(
    building node: LayoutNode, frames: [Rect], texts: [TextMeasurement?], contentSize: ContentSizeCategory,
    index: inout Int
  ) {
    self.node = node
    if contentSize != .large {
      if case .text(var content) = node.kind {
        content.font = content.font(for: contentSize)
        self.node.kind = .text(content)
      }
      self.node.cornerRadius = node.cornerRadius(for: contentSize)
    }
    frame = index < frames.count ? frames[index] : .zero
    text = index < texts.count ? texts[index] : nil
    index += 1
    var placed: [PlacedNode] = []
    placed.reserveCapacity(node.children.count)
    for child in node.children {
      placed.append(
        PlacedNode(building: child, frames: frames, texts: texts, contentSize: contentSize, index: &index))
    }
    children = placed
  }
}
