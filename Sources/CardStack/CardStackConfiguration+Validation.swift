extension CardStackConfiguration {
  /// The raw fields of a configuration before validation.
  struct Values {
    var cardOffset: Double
    var collapsedHeight: Double
    var expandedHeight: Double
    var cardHeight: Double
    var downwardThreshold: Double
    var upwardThreshold: Double
    var leftSpacing: Double
    var rightSpacing: Double
    var verticalSpacing: Double

    /// Every field by its public name, in declaration order (the order errors are reported in).
    private var named: [(String, Double)] {
      [
        ("cardOffset", cardOffset), ("collapsedHeight", collapsedHeight), ("expandedHeight", expandedHeight),
        ("cardHeight", cardHeight), ("downwardThreshold", downwardThreshold), ("upwardThreshold", upwardThreshold),
        ("leftSpacing", leftSpacing), ("rightSpacing", rightSpacing), ("verticalSpacing", verticalSpacing),
      ]
    }

    /// The fields that must be strictly positive; all others must be non-negative.
    private static let heights: Set<String> = ["collapsedHeight", "expandedHeight", "cardHeight"]

    /// Throws for the first field that is not finite, a height that is not positive, a negative
    /// offset, threshold or spacing, or an expanded height not above the collapsed height.
    func validate() throws(CardStackError) {
      for (field, value) in named {
        guard value.isFinite else { throw .notFinite(field: field, value: value) }
        if Self.heights.contains(field) {
          guard value > 0 else { throw .notPositive(field: field, value: value) }
        } else {
          guard value >= 0 else { throw .negative(field: field, value: value) }
        }
      }
      guard expandedHeight > collapsedHeight else {
        throw .expandedNotAboveCollapsed(expandedHeight: expandedHeight, collapsedHeight: collapsedHeight)
      }
    }
  }
}
