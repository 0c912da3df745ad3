extension OptionSource {
  /// Takes the option `name` as an integer of at least `minimum` (and at most `maximum`, when given); `nil` when
  /// absent. Without a maximum, a whole number too large for an `Int` is out of range, not "not an integer".
  public mutating func integer(_ name: String, minimum: Int, maximum: Int? = nil) throws(Failure) -> Int? {
    guard let text = try value(of: name) else { return nil }
    let option = spelling(of: name)
    let accepted = maximum.map { "from \(minimum) to \($0)" } ?? "≥ \(minimum)"
    if let value = Int(text), value >= minimum, value <= maximum ?? .max { return value }
    let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : Substring(text)
    if maximum == nil, Int(text) == nil, !text.hasPrefix("-"), !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) {
      throw failure(option: name, "\(option) is out of range: \(text) is more than \(Int.max)")
    }
    throw failure(option: name, "\(option) takes an integer \(accepted), not \"\(text)\"")
  }

  /// Takes the option `name` as a number of points within `range`; `nil` when absent.
  public mutating func points(_ name: String, in range: ClosedRange<Double>) throws(Failure) -> Double? {
    guard let text = try value(of: name) else { return nil }
    guard let value = Double(text), range.contains(value) else {
      throw failure(
        option: name,
        "\(spelling(of: name)) takes a number of points from \(range.lowerBound.shortText) to "
          + "\(range.upperBound.shortText), not \"\(text)\"")
    }
    return value
  }

  /// Takes the option `name` as a finite decimal number; `nil` when absent.
  public mutating func number(_ name: String) throws(Failure) -> Double? {
    guard let text = try value(of: name) else { return nil }
    guard let value = Double(text), value.isFinite else {
      throw failure(option: name, "\(spelling(of: name)) takes a number, not \"\(text)\"")
    }
    return value
  }

  /// Takes the option `name`, whose value must be one of `choices`; `nil` when absent.
  public mutating func choice(_ name: String, among choices: [String]) throws(Failure) -> String? {
    guard let value = try value(of: name) else { return nil }
    guard choices.contains(value) else { throw failure(option: name, value, notAmong: choices) }
    return value
  }

  /// The error for the option `name` given `value`, which is none of `choices`.
  func failure(option name: String, _ value: String, notAmong choices: [String]) -> Failure {
    failure(option: name, "\(spelling(of: name)) takes \(choices.joined(separator: " or ")), not \"\(value)\"")
  }
}

extension Character {
  /// `0` … `9`.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Double {
  /// The number without a trailing `.0`: `10000`, `0.5`.
  fileprivate var shortText: String {
    rounded() == self && abs(self) < 1e15 ? String(Int64(self)) : String(self)
  }
}
