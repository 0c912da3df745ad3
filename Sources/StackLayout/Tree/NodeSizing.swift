/// A `LayoutNode`'s sizing inputs (fixed width and height, aspect ratio, intrinsic size) packed together: five
/// numbers, three priorities and one bit per input that is set. As five optionals they took 80 bytes (each
/// `Optional` padded to 16); packed they take 53, so a node is 120 bytes and a card's tree fewer cache lines
/// for layout to read (docs/BENCHMARKS.md, "Layout"). An absent input is stored as 0 at the required priority
/// with its bit clear, so two nodes compare and hash by what is set.
struct NodeSizing: Sendable, Hashable {
  /// One bit per input.
  struct Inputs: OptionSet, Sendable, Hashable {
    let rawValue: UInt8
    static let width = Inputs(rawValue: 1 << 0)
    static let height = Inputs(rawValue: 1 << 1)
    static let aspectRatio = Inputs(rawValue: 1 << 2)
    static let intrinsicWidth = Inputs(rawValue: 1 << 3)
    static let intrinsicHeight = Inputs(rawValue: 1 << 4)
  }

  var width = 0.0
  var height = 0.0
  var ratio = 0.0
  var intrinsicWidth = 0.0
  var intrinsicHeight = 0.0
  var widthPriority = LayoutPriority.required
  var heightPriority = LayoutPriority.required
  var ratioPriority = LayoutPriority.required
  /// The inputs that are set.
  var inputs: Inputs = []

  /// The fixed width, if set.
  var widthConstraint: SizeConstraint? {
    get { inputs.contains(.width) ? SizeConstraint(width, priority: widthPriority) : nil }
    set {
      width = newValue?.value ?? 0
      widthPriority = newValue?.priority ?? .required
      mark(.width, newValue != nil)
    }
  }

  /// The fixed height, if set.
  var heightConstraint: SizeConstraint? {
    get { inputs.contains(.height) ? SizeConstraint(height, priority: heightPriority) : nil }
    set {
      height = newValue?.value ?? 0
      heightPriority = newValue?.priority ?? .required
      mark(.height, newValue != nil)
    }
  }

  /// The aspect ratio, if set.
  var aspectRatio: AspectRatio? {
    get { inputs.contains(.aspectRatio) ? AspectRatio(ratio, priority: ratioPriority) : nil }
    set {
      ratio = newValue?.ratio ?? 0
      ratioPriority = newValue?.priority ?? .required
      mark(.aspectRatio, newValue != nil)
    }
  }

  /// The intrinsic width, if set.
  var intrinsicWidthValue: Double? {
    get { inputs.contains(.intrinsicWidth) ? intrinsicWidth : nil }
    set {
      intrinsicWidth = newValue ?? 0
      mark(.intrinsicWidth, newValue != nil)
    }
  }

  /// The intrinsic height, if set.
  var intrinsicHeightValue: Double? {
    get { inputs.contains(.intrinsicHeight) ? intrinsicHeight : nil }
    set {
      intrinsicHeight = newValue ?? 0
      mark(.intrinsicHeight, newValue != nil)
    }
  }

  private mutating func mark(_ input: Inputs, _ isSet: Bool) {
    if isSet { inputs.insert(input) } else { inputs.remove(input) }
  }
}
