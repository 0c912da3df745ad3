/// One axis of a node, as layout-spec A.2 models it: natural length, hard bounds, and the
/// priorities it costs to grow past (`hug`) or shrink below (`cr`) the natural length.
struct Flex {
  var nat: Double
  var lo: Double
  var hi: Double
  var hug: Float
  var cr: Float

  /// R2: no intrinsic size and no constraint; absorbs slack at zero cost.
  static let free = Flex(nat: 0, lo: 0, hi: .infinity, hug: 0, cr: 0)

  /// R1: an intrinsic length with UIKit's default hugging 250 and compression resistance 750.
  static func intrinsic(_ length: Double) -> Flex {
    Flex(nat: length, lo: 0, hi: .infinity, hug: 250, cr: 750)
  }

  /// A required length: natural, minimum and maximum all equal it.
  static func exact(_ length: Double) -> Flex {
    Flex(nat: length, lo: length, hi: length, hug: 1000, cr: 1000)
  }

  /// Whether the node is free on this axis (no intrinsic size, nothing pulls on it).
  var isFree: Bool { hug == 0 && cr == 0 && nat == 0 }

  /// Adds margins (R5): lengths grow, priorities stay.
  func adding(_ length: Double) -> Flex {
    Flex(nat: nat + length, lo: lo + length, hi: hi + length, hug: hug, cr: cr)
  }

  /// A constraint `length == target @priority` on top of this axis (rules 3, 12, 13).
  ///
  /// Required: the target wins outright (`conflict` is true when it breaks the content's bounds).
  /// Optional: the target, clamped to the content's required bounds, wins when the priority beats
  /// the hugging (growing) or compression resistance (shrinking) it works against; otherwise the
  /// constraint is ignored.
  func constrained(to target: Double, priority: Float) -> (flex: Flex, conflict: Bool) {
    if priority >= 1000 {
      return (.exact(target), target < lo - 1e-9 || target > hi + 1e-9)
    }
    let value = min(max(target, lo), hi)
    let wins = value > nat ? priority > hug : (value < nat ? priority > cr : true)
    guard wins else { return (self, false) }
    return (Flex(nat: value, lo: lo, hi: hi, hug: priority, cr: priority), false)
  }
}

/// R3 and R4 folded over a stack's visible children one at a time, so measuring keeps no
/// stack of child flexes. `main` needs the number of children up front (the gaps come first in the sum).
struct FlexFold {
  private var count = 0
  private var sum: Flex
  /// The largest of each field (the smallest `hi`): R4's result, and `fillEqually`'s share.
  private var largest = Flex(nat: 0, lo: 0, hi: .infinity, hug: 0, cr: 0)
  private let gaps: Double

  /// A fold along the axis of a stack of `children` visible children `spacing` apart.
  init(children: Int, spacing: Double) {
    gaps = children > 0 ? spacing * Double(children - 1) : 0
    sum = Flex(nat: gaps, lo: gaps, hi: gaps, hug: .infinity, cr: .infinity)
  }

  /// A fold across the axis (no spacing).
  init() { self.init(children: 0, spacing: 0) }

  /// Adds the next child.
  @inline(__always)
  mutating func add(_ part: Flex) {
    count += 1
    sum.nat += part.nat
    sum.lo += part.lo
    sum.hi += part.hi
    sum.hug = min(sum.hug, part.hug)
    sum.cr = min(sum.cr, part.cr)
    largest.nat = max(largest.nat, part.nat)
    largest.lo = max(largest.lo, part.lo)
    largest.hi = min(largest.hi, part.hi)
    largest.hug = max(largest.hug, part.hug)
    largest.cr = max(largest.cr, part.cr)
  }

  /// R3: the stack along its own axis (before margins).
  func main(distribution: StackDistribution) -> Flex {
    guard count > 0 else { return Flex(nat: 0, lo: 0, hi: .infinity, hug: 0, cr: 0) }
    switch distribution {
    case .fill, .fillProportionally:
      return sum
    case .fillEqually:
      let n = Double(count)
      return Flex(
        nat: largest.nat * n + gaps, lo: largest.lo * n + gaps, hi: max(largest.hi, largest.lo) * n + gaps,
        hug: largest.hug, cr: largest.cr)
    case .equalSpacing, .equalCentering:
      return Flex(nat: sum.nat, lo: sum.lo, hi: .infinity, hug: 49, cr: sum.cr)
    }
  }

  /// R4 (and rule 14 for ZStack with `fill`): the stack across its axis (before margins).
  func cross(fill: Bool) -> Flex {
    guard count > 0 else { return Flex(nat: 0, lo: 0, hi: .infinity, hug: 0, cr: 0) }
    var result = largest
    if fill {
      result.hi = max(result.hi, result.lo)
    } else {
      result.hi = .infinity
      result.hug = 51
    }
    return result
  }
}
