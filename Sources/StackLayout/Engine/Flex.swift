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

extension Flex {
  /// R3: a stack along its own axis (before margins), over `flexes[first...]` (its visible children).
  static func main(_ flexes: [Flex], from first: Int, spacing: Double, distribution: StackDistribution) -> Flex {
    let count = flexes.count - first
    guard count > 0 else { return Flex(nat: 0, lo: 0, hi: .infinity, hug: 0, cr: 0) }
    let gaps = spacing * Double(count - 1)
    var sum = Flex(nat: gaps, lo: gaps, hi: gaps, hug: .infinity, cr: .infinity)
    var largest = Flex(nat: 0, lo: 0, hi: .infinity, hug: 0, cr: 0)
    for index in first..<flexes.count {
      let part = flexes[index]
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

  /// R4 (and rule 14 for ZStack with `fill`): a stack across its axis (before margins), over `flexes[first...]`.
  static func cross(_ flexes: [Flex], from first: Int, fill: Bool) -> Flex {
    guard first < flexes.count else { return Flex(nat: 0, lo: 0, hi: .infinity, hug: 0, cr: 0) }
    var result = Flex(nat: 0, lo: 0, hi: .infinity, hug: 0, cr: 0)
    for index in first..<flexes.count {
      let part = flexes[index]
      result.nat = max(result.nat, part.nat)
      result.lo = max(result.lo, part.lo)
      result.hi = min(result.hi, part.hi)
      result.hug = max(result.hug, part.hug)
      result.cr = max(result.cr, part.cr)
    }
    if fill {
      result.hi = max(result.hi, result.lo)
    } else {
      result.hi = .infinity
      result.hug = 51
    }
    return result
  }
}
