extension Arguments {
  /// The multiples a byte size may end with: K (KiB), M (MiB), G (GiB).
  static let byteUnits: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]

  /// Takes `--name SIZE`: a number of bytes, or of KiB, MiB or GiB with the suffix `K`, `M` or `G` (`64M`), at
  /// most `maximum`; `nil` when absent. Throws a usage error naming the option for anything else.
  public mutating func byteSize(_ name: String, maximum: Int) throws(UsageError) -> Int? {
    guard let text = try option("--" + name) else { return nil }
    let unit = text.last.flatMap { Self.byteUnits[$0] }
    let digits = unit == nil ? Substring(text) : text.dropLast()
    guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }), let count = Int(digits),
      count <= maximum / (unit ?? 1)
    else {
      throw UsageError(
        "--\(name) takes a number of bytes up to \(maximum), or of KiB, MiB or GiB with K, M or G (64M), "
          + "not \"\(text)\"")
    }
    return count * (unit ?? 1)
  }
}
