import StackLayout

/// The image placeholders of a card whose name label lies under something painted after them.
///
/// A placeholder's label stands in for the picture; it is not part of it. Under a translucent overlay (the
/// gallery's `+N` tile: 80 % black over the last image) a real picture shows through dimmed, but a label
/// showing through would read as a second caption beside the overlay's own text. So a label is left out when
/// a later node's fill (a background, or an image) overlaps it; the placeholder itself is still drawn.
///
/// Nodes are numbered in painting order: pre-order over the nodes that are drawn (not hidden, alpha above 0),
/// the order in which the drawings visit them.
struct PlaceholderCover {
  private let covered: Set<Int>

  /// A cover that hides no label.
  init() { covered = [] }

  /// Finds the covered labels of the card `root`.
  init(_ root: PlacedNode) {
    var walk = Walk()
    walk.visit(root, originX: 0, originY: 0)
    var covered = Set<Int>()
    for image in walk.images {
      let later = walk.fills.filter { $0.number > image.number && Self.overlap($0.frame, image.frame) }
      // Only an image with a later fill over it needs its label's box (which takes measuring the name).
      guard !later.isEmpty, let box = PlaceholderLabel(name: image.name, size: image.frame.size).box(in: image.frame)
      else { continue }
      if later.contains(where: { Self.overlap($0.frame, box) }) { covered.insert(image.number) }
    }
    self.covered = covered
  }

  /// Whether the label of the placeholder drawn as node `number` (in painting order) is left out.
  func hidesLabel(ofNode number: Int) -> Bool { covered.contains(number) }

  private static func overlap(_ a: Rect, _ b: Rect) -> Bool {
    a.x < b.maxX && b.x < a.maxX && a.y < b.maxY && b.y < a.maxY
  }

  /// Collects the images and fills, with their painting numbers, in card coordinates.
  private struct Walk {
    var number = 0
    var images: [(number: Int, name: String, frame: Rect)] = []
    var fills: [(number: Int, frame: Rect)] = []

    mutating func visit(_ placed: PlacedNode, originX: Double, originY: Double) {
      let node = placed.node
      guard !node.isHidden, node.alpha > 0 else { return }
      let frame = Rect(
        x: originX + placed.frame.x, y: originY + placed.frame.y, width: placed.frame.width,
        height: placed.frame.height)
      if let background = node.background, background.alpha > 0 { fills.append((number, frame)) }
      if case .image(let image) = node.kind, let name = image.name {
        fills.append((number, frame))
        images.append((number, name, frame))
      }
      number += 1
      for child in placed.children { visit(child, originX: frame.x, originY: frame.y) }
    }
  }
}
