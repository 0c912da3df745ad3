/// How many rows or cards a page holds: `--limit` of `list`, `limit` of the HTTP API.
public enum PageLimit {
  /// The fewest a page may ask for.
  public static let minimum = 1
}

extension OptionSource {
  /// Takes the option `limit`, an integer of at least ``PageLimit/minimum`` and at most `maximum` (when
  /// given); `nil` when absent.
  public mutating func pageLimit(maximum: Int? = nil) throws(Failure) -> Int? {
    try integer("limit", minimum: PageLimit.minimum, maximum: maximum)
  }
}
