/// Rule 7: main-axis sizes and offsets of a stack's visible children, written into the layout
/// pass's number stack (so allocating costs no heap memory) by index, with bounds checks.
struct Allocation {
  /// The parts are `flexes[first ..< first + count]` (the array is passed to each step, not kept).
  private let first: Int
  private let count: Int
  /// Where the sizes, then the offsets (from the start of the content rect), sit in `numbers`.
  private let sizes: Int
  private let offsets: Int
  /// Set when the children cannot satisfy the stack's length (a required conflict).
  var conflict: String?
  /// Whether the children extend past the content rect.
  var overflows = false

  /// Allocates `inner` points (the content length along the axis) over `flexes[first...]`.
  ///
  /// `canvas` is the stack's full length (margins included), used by `fillProportionally`. The
  /// sizes go to `numbers[sizes ..< sizes + n]`, the offsets to `numbers[offsets ..< offsets + n]`
  /// (both ranges already exist); `order` is scratch space, left as it was found.
  init(
    _ flexes: borrowing PassTable<Flex>, from first: Int, inner: Double, spacing: Double,
    distribution: StackDistribution, canvas: Double, numbers: inout PassTable<Double>, sizes: Int, offsets: Int,
    order: inout PassTable<Int>
  ) {
    self.first = first
    count = flexes.count - first
    self.sizes = sizes
    self.offsets = offsets
    guard count > 0 else { return }
    for index in 0..<count { numbers[sizes + index] = flexes[first + index].nat }
    var gap = spacing
    let gaps = spacing * Double(count - 1)
    switch distribution {
    case .fill:
      distributeFill(flexes, length: inner - gaps, numbers: &numbers, order: &order)
    case .fillEqually:
      distributeEqually(flexes, length: inner - gaps, numbers: &numbers)
    case .fillProportionally:
      distributeProportionally(
        flexes, length: inner - gaps, canvas: canvas, gaps: gaps, numbers: &numbers, order: &order)
    case .equalSpacing, .equalCentering:
      if count == 1 {
        distributeEqually(flexes, length: inner, numbers: &numbers)
        break
      }
      let natural = total(numbers)
      if natural + gaps > inner + 1e-9 {
        distributeFill(flexes, length: inner - gaps, numbers: &numbers, order: &order)
      } else if distribution == .equalSpacing {
        gap = (inner - natural) / Double(count - 1)
      } else {
        center(inner: inner, minimumGap: spacing, numbers: &numbers)
        return
      }
    }
    var cursor = 0.0
    for index in 0..<count {
      numbers[offsets + index] = cursor
      cursor += numbers[sizes + index] + gap
    }
    if cursor - gap > inner + 1e-6 {
      overflows = true
      if conflict == nil {
        conflict = "children and spacing do not fit: they overflow by \(LayoutJSON.number(cursor - gap - inner))"
      }
    }
  }

  private func total(_ numbers: borrowing PassTable<Double>) -> Double {
    var sum = 0.0
    for index in 0..<count { sum += numbers[sizes + index] }
    return sum
  }

  /// `fill`: hand slack out by ascending hugging, take it back by ascending compression
  /// resistance; ties go to the child with the higher index first (LayoutKit's convention).
  private mutating func distributeFill(
    _ flexes: borrowing PassTable<Flex>, length: Double, numbers: inout PassTable<Double>, order: inout PassTable<Int>
  ) {
    var delta = length - total(numbers)
    guard abs(delta) > 1e-9 else { return }
    let growing = delta > 0
    // The cheapest child (highest index among equals) comes first in the order: it alone usually
    // absorbs all of `delta` (one child, or one free child in a fill stack), so no order is sorted.
    let cheapest = cheapestPart(flexes, growing: growing)
    delta -= take(flexes, delta, growing: growing, index: cheapest, numbers: &numbers)
    if count > 1, abs(delta) > 1e-9 {
      delta = distributeInOrder(flexes, delta, growing: growing, numbers: &numbers, order: &order)
    }
    if delta > 1e-6 {
      conflict = "children cannot grow to fill the stack: \(LayoutJSON.number(delta)) left empty at the end"
    } else if delta < -1e-6 {
      conflict = "required sizes do not fit: children overflow by \(LayoutJSON.number(-delta))"
      overflows = true
    }
  }

  /// The part `fill` hands slack to first: the lowest hugging (growing) or compression
  /// resistance (shrinking); the higher index among equals.
  @inline(__always)
  private func cheapestPart(_ flexes: borrowing PassTable<Flex>, growing: Bool) -> Int {
    var best = 0
    var bestPriority = growing ? flexes[first].hug : flexes[first].cr
    for index in 1..<max(count, 1) {
      let priority = growing ? flexes[first + index].hug : flexes[first + index].cr
      if priority <= bestPriority {
        best = index
        bestPriority = priority
      }
    }
    return best
  }

  /// Hands `delta` out in priority order after the cheapest part (already served); returns what is left.
  private func distributeInOrder(
    _ flexes: borrowing PassTable<Flex>, _ slack: Double, growing: Bool, numbers: inout PassTable<Double>,
    order: inout PassTable<Int>
  ) -> Double {
    var delta = slack
    let base = order.count
    for _ in 0..<count { order.append(0) }
    // Insertion sort: cheapest priority first, higher index first among equals.
    for i in 0..<count {
      let keyPriority = growing ? flexes[first + i].hug : flexes[first + i].cr
      var j = i - 1
      while j >= 0 {
        let other = order[base + j]
        let otherPriority = growing ? flexes[first + other].hug : flexes[first + other].cr
        guard otherPriority > keyPriority || (otherPriority == keyPriority && other < i) else { break }
        order[base + j + 1] = other
        j -= 1
      }
      order[base + j + 1] = i
    }
    for position in 1..<count where abs(delta) > 1e-9 {
      delta -= take(flexes, delta, growing: growing, index: order[base + position], numbers: &numbers)
    }
    order.pop(to: base)
    return delta
  }

  /// Grows (or shrinks) part `index` by as much of `delta` as its bounds allow; returns the amount taken.
  @inline(__always)
  private func take(
    _ flexes: borrowing PassTable<Flex>, _ delta: Double, growing: Bool, index: Int, numbers: inout PassTable<Double>
  ) -> Double {
    let part = flexes[first + index]
    let size = numbers[sizes + index]
    let amount = growing ? min(delta, part.hi - size) : max(delta, part.lo - size)
    numbers[sizes + index] = size + amount
    return amount
  }

  /// `fillEqually`: every child gets `length / n`, clamped to its required bounds (conflict).
  private mutating func distributeEqually(
    _ flexes: borrowing PassTable<Flex>, length: Double, numbers: inout PassTable<Double>
  ) {
    let share = max(length, 0) / Double(count)
    for index in 0..<count {
      let part = flexes[first + index]
      let size = min(max(share, part.lo), max(part.hi, part.lo))
      if abs(size - share) > 1e-6 {
        conflict = "a required size conflicts with the equal share \(LayoutJSON.number(share)): the required size wins"
        if size > share { overflows = true }
      }
      numbers[sizes + index] = size
    }
  }

  /// `fillProportionally`: `canvas × nat / (Σnat + gaps)` for every sized child but the last,
  /// which takes what is left; children without a natural length get 0.
  private mutating func distributeProportionally(
    _ flexes: borrowing PassTable<Flex>,
    length: Double, canvas: Double, gaps: Double, numbers: inout PassTable<Double>, order: inout PassTable<Int>
  ) {
    let natural = total(numbers)
    guard abs(length - natural) > 1e-9 else { return }
    var lastSized: Int?
    for index in 0..<count where numbers[sizes + index] > 0 { lastSized = index }
    guard let last = lastSized, natural + gaps > 0 else {
      distributeFill(flexes, length: length, numbers: &numbers, order: &order)
      return
    }
    var used = 0.0
    for index in 0..<count where index != last {
      let size = numbers[sizes + index]
      numbers[sizes + index] = size > 0 ? canvas * size / (natural + gaps) : 0
      used += numbers[sizes + index]
    }
    numbers[sizes + last] = length - used
    if numbers[sizes + last] < 0 {
      conflict = "proportional sizes exceed the stack: the last sized child gets 0"
      numbers[sizes + last] = 0
      overflows = true
    }
  }

  /// `equalCentering`: first child at 0, last ending at `inner`, centres equally spaced; a gap
  /// that would fall below `minimumGap` is clamped and the rest re-spread until stable.
  /// Only reached with at least two parts.
  private func center(inner: Double, minimumGap: Double, numbers: inout PassTable<Double>) {
    var size: [Double] = []
    for index in 0..<count { size.append(numbers[sizes + index]) }
    var gaps = Array(repeating: minimumGap, count: count - 1)
    var clamped = Array(repeating: false, count: count - 1)
    while true {
      var distance = inner - size[0] / 2 - size[count - 1] / 2
      var open = 0
      for k in 0..<(count - 1) {
        if clamped[k] { distance -= minimumGap + (size[k] + size[k + 1]) / 2 } else { open += 1 }
      }
      guard open > 0 else { break }
      let step = distance / Double(open)
      var changed = false
      for k in 0..<(count - 1) where !clamped[k] {
        gaps[k] = step - (size[k] + size[k + 1]) / 2
        if gaps[k] < minimumGap - 1e-9 {
          clamped[k] = true
          gaps[k] = minimumGap
          changed = true
        }
      }
      if !changed { break }
    }
    numbers[offsets] = 0
    for k in 0..<(count - 1) {
      numbers[offsets + k + 1] = numbers[offsets + k] + size[k] + gaps[k]
    }
  }
}
