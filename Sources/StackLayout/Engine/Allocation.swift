/// Rule 7: main-axis sizes and offsets of a stack's visible children, written into buffers the
/// caller owns (the layout pass's number stack), so allocating costs no heap memory.
struct Allocation {
  private let sizes: UnsafeMutableBufferPointer<Double>
  /// Offsets from the start of the content rect (the inner edge after margins).
  private let offsets: UnsafeMutableBufferPointer<Double>
  /// Set when the children cannot satisfy the stack's length (a required conflict).
  var conflict: String?
  /// Whether the children extend past the content rect.
  var overflows = false

  /// Allocates `inner` points (the content length along the axis) over `parts`.
  ///
  /// `canvas` is the stack's full length (margins included), used by `fillProportionally`;
  /// `sizes` and `offsets` hold one slot per part.
  init(
    _ parts: UnsafeBufferPointer<Flex>, inner: Double, spacing: Double, distribution: StackDistribution,
    canvas: Double, sizes: UnsafeMutableBufferPointer<Double>, offsets: UnsafeMutableBufferPointer<Double>
  ) {
    self.sizes = sizes
    self.offsets = offsets
    let count = parts.count
    guard count > 0 else { return }
    for index in 0..<count { sizes[index] = parts[index].nat }
    var gap = spacing
    let gaps = spacing * Double(count - 1)
    switch distribution {
    case .fill:
      distributeFill(parts, length: inner - gaps)
    case .fillEqually:
      distributeEqually(parts, length: inner - gaps)
    case .fillProportionally:
      distributeProportionally(parts, length: inner - gaps, canvas: canvas, gaps: gaps)
    case .equalSpacing, .equalCentering:
      if count == 1 {
        distributeEqually(parts, length: inner)
        break
      }
      let natural = sizes.reduce(0, +)
      if natural + gaps > inner + 1e-9 {
        distributeFill(parts, length: inner - gaps)
      } else if distribution == .equalSpacing {
        gap = (inner - natural) / Double(count - 1)
      } else {
        Allocation.center(sizes, into: offsets, inner: inner, minimumGap: spacing)
        return
      }
    }
    var cursor = 0.0
    for index in 0..<count {
      offsets[index] = cursor
      cursor += sizes[index] + gap
    }
    if cursor - gap > inner + 1e-6 {
      overflows = true
      if conflict == nil {
        conflict = "children and spacing do not fit: they overflow by \(Allocation.points(cursor - gap - inner))"
      }
    }
  }

  /// `fill`: hand slack out by ascending hugging, take it back by ascending compression
  /// resistance; ties go to the child with the higher index first (LayoutKit's convention).
  private mutating func distributeFill(_ parts: UnsafeBufferPointer<Flex>, length: Double) {
    var delta = length - sizes.reduce(0, +)
    guard abs(delta) > 1e-9 else { return }
    let growing = delta > 0
    let count = sizes.count
    withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { order in
      let base = parts.startIndex
      // Insertion sort: cheapest priority first, higher index first among equals.
      for i in 0..<count {
        let keyPriority = growing ? parts[base + i].hug : parts[base + i].cr
        var j = i - 1
        while j >= 0 {
          let other = order[j]
          let otherPriority = growing ? parts[base + other].hug : parts[base + other].cr
          guard otherPriority > keyPriority || (otherPriority == keyPriority && other < i) else { break }
          order[j + 1] = other
          j -= 1
        }
        order[j + 1] = i
      }
      for index in order where abs(delta) > 1e-9 {
        let part = parts[base + index]
        let room = growing ? part.hi - sizes[index] : part.lo - sizes[index]
        let take = growing ? min(delta, room) : max(delta, room)
        sizes[index] += take
        delta -= take
      }
    }
    if delta > 1e-6 {
      conflict = "children cannot grow to fill the stack: \(Allocation.points(delta)) left empty at the end"
    } else if delta < -1e-6 {
      conflict = "required sizes do not fit: children overflow by \(Allocation.points(-delta))"
      overflows = true
    }
  }

  /// `fillEqually`: every child gets `length / n`, clamped to its required bounds (conflict).
  private mutating func distributeEqually(_ parts: UnsafeBufferPointer<Flex>, length: Double) {
    let share = max(length, 0) / Double(sizes.count)
    for (index, part) in zip(sizes.indices, parts) {
      let size = min(max(share, part.lo), max(part.hi, part.lo))
      if abs(size - share) > 1e-6 {
        conflict = "a required size conflicts with the equal share \(Allocation.points(share)): the required size wins"
        if size > share { overflows = true }
      }
      sizes[index] = size
    }
  }

  /// `fillProportionally`: `canvas × nat / (Σnat + gaps)` for every sized child but the last,
  /// which takes what is left; children without a natural length get 0.
  private mutating func distributeProportionally(
    _ parts: UnsafeBufferPointer<Flex>, length: Double, canvas: Double, gaps: Double
  ) {
    let natural = sizes.reduce(0, +)
    guard abs(length - natural) > 1e-9 else { return }
    guard let last = sizes.lastIndex(where: { $0 > 0 }), natural + gaps > 0 else {
      distributeFill(parts, length: length)
      return
    }
    var used = 0.0
    for index in sizes.indices where index != last {
      sizes[index] = sizes[index] > 0 ? canvas * sizes[index] / (natural + gaps) : 0
      used += sizes[index]
    }
    sizes[last] = length - used
    if sizes[last] < 0 {
      conflict = "proportional sizes exceed the stack: the last sized child gets 0"
      sizes[last] = 0
      overflows = true
    }
  }

  /// `equalCentering`: first child at 0, last ending at `inner`, centres equally spaced; a gap
  /// that would fall below `minimumGap` is clamped and the rest re-spread until stable.
  private static func center(
    _ sizes: UnsafeMutableBufferPointer<Double>, into offsets: UnsafeMutableBufferPointer<Double>, inner: Double,
    minimumGap: Double
  ) {
    let count = sizes.count
    withUnsafeTemporaryAllocation(of: Double.self, capacity: count - 1) { gaps in
      withUnsafeTemporaryAllocation(of: Bool.self, capacity: count - 1) { clamped in
        _ = clamped.initialize(from: repeatElement(false, count: count - 1))
        _ = gaps.initialize(from: repeatElement(minimumGap, count: count - 1))
        while true {
          var distance = inner - sizes[0] / 2 - sizes[count - 1] / 2
          var open = 0
          for k in 0..<(count - 1) {
            if clamped[k] { distance -= minimumGap + (sizes[k] + sizes[k + 1]) / 2 } else { open += 1 }
          }
          guard open > 0 else { break }
          let step = distance / Double(open)
          var changed = false
          for k in 0..<(count - 1) where !clamped[k] {
            gaps[k] = step - (sizes[k] + sizes[k + 1]) / 2
            if gaps[k] < minimumGap - 1e-9 {
              clamped[k] = true
              gaps[k] = minimumGap
              changed = true
            }
          }
          if !changed { break }
        }
        offsets[0] = 0
        for k in 0..<(count - 1) { offsets[k + 1] = offsets[k] + sizes[k] + gaps[k] }
      }
    }
  }

  static func points(_ value: Double) -> String {
    String((value * 1000).rounded() / 1000)
  }
}
