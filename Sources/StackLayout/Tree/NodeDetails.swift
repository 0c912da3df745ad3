/// The properties of a `LayoutNode` that layout never reads at the default traits (its id, action, drawing and accessibility;
/// the directional-margin flag, read only in right-to-left; the style marked sizes scale along, read only away
/// from `L`), kept out of line in
/// an immutable box: a node is then about half the size, and laying out a tree reads half the memory
/// (docs/BENCHMARKS.md, "Layout"). A node whose details are all at their defaults holds no box, so two nodes
/// compare and hash by these values whatever boxes they hold.
struct NodeDetails: Sendable, Hashable {
  var id: String?
  var action: String?
  var background: Color?
  var cornerRadius = 0.0
  var alpha = 1.0
  var accessibility: Accessibility?
  var hasDirectionalMargin = false
  var scalesWith: TextStyle?

  /// The immutable box a node holds; a change makes a new one (the node's value semantics).
  final class Box: Sendable, Hashable {
    let value: NodeDetails

    init(_ value: NodeDetails) {
      self.value = value
    }

    static func == (lhs: Box, rhs: Box) -> Bool {
      lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(value)
    }
  }

  /// Applies `change` to the details in `box`, replacing the box (nil when every detail is at its default).
  static func update(_ box: inout Box?, _ change: (inout NodeDetails) -> Void) {
    var value = box?.value ?? NodeDetails()
    change(&value)
    box = value == NodeDetails() ? nil : Box(value)
  }
}
