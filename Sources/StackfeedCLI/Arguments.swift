/// A command line being parsed: options are taken out as they are read, and whatever is left is an error.
///
///     var arguments = Arguments(["--limit", "20", "--format=json"])
///     let limit = try arguments.integer("--limit", minimum: 1)   // 20
///     let format = try arguments.option("--format")              // "json"
///     try arguments.finish()                                     // nothing left: ok
public struct Arguments: Sendable {
  /// The arguments not taken yet, in order.
  public private(set) var remaining: [String]

  /// Wraps the arguments that follow the command name.
  public init(_ arguments: [String]) {
    remaining = arguments
  }

  /// Takes `name VALUE` or `name=VALUE`; `nil` when absent. Throws when the value is missing or the option is
  /// given twice.
  public mutating func option(_ name: String) throws(UsageError) -> String? {
    var value: String?
    var index = 0
    while index < remaining.count {
      let argument = remaining[index]
      var found: String?
      if argument == name {
        guard index + 1 < remaining.count else { throw UsageError("\(name) needs a value") }
        found = remaining[index + 1]
        remaining.removeSubrange(index...(index + 1))
      } else if argument.hasPrefix(name + "=") {
        found = String(argument.dropFirst(name.count + 1))
        remaining.remove(at: index)
      } else {
        index += 1
        continue
      }
      guard value == nil else { throw UsageError("\(name) is given more than once") }
      value = found
    }
    return value
  }

  /// Takes the flag `name`; true when it was there.
  public mutating func flag(_ name: String) -> Bool {
    let count = remaining.count
    remaining.removeAll { $0 == name }
    return remaining.count != count
  }

  /// Takes `name N` as an integer of at least `minimum`; `nil` when absent. A whole number too large for
  /// an `Int` is out of range, not "not an integer".
  public mutating func integer(_ name: String, minimum: Int) throws(UsageError) -> Int? {
    guard let text = try option(name) else { return nil }
    if let value = Int(text) {
      guard value >= minimum else { throw UsageError("\(name) takes an integer ≥ \(minimum), not \"\(text)\"") }
      return value
    }
    let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : Substring(text)
    if !text.hasPrefix("-"), !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) {
      throw UsageError("\(name) is out of range: \(text) is more than \(Int.max)")
    }
    throw UsageError("\(name) takes an integer ≥ \(minimum), not \"\(text)\"")
  }

  /// The widths, in points, that every command (`--width`) and the HTTP API (`width=`) lay out at.
  public static let widths: ClosedRange<Double> = 1...10_000

  /// Takes `--width W`, the width to lay out at, in points, within ``widths``; `nil` when absent.
  public mutating func width() throws(UsageError) -> Double? {
    try points("--width", in: Self.widths)
  }

  /// Takes `name P` as a number of points within `range`; `nil` when absent.
  public mutating func points(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
    guard let text = try option(name) else { return nil }
    guard let value = Double(text), range.contains(value) else {
      throw UsageError(
        "\(name) takes a number of points from \(range.lowerBound.shortText) to \(range.upperBound.shortText), "
          + "not \"\(text)\"")
    }
    return value
  }

  /// Takes `name VALUE` where VALUE must be one of `choices`; `nil` when absent.
  public mutating func choice(_ name: String, among choices: [String]) throws(UsageError) -> String? {
    guard let value = try option(name) else { return nil }
    guard choices.contains(value) else {
      throw UsageError("\(name) takes \(choices.joined(separator: " or ")), not \"\(value)\"")
    }
    return value
  }

  /// Takes the next argument that is not an option (a file name); `nil` when there is none.
  public mutating func positional() -> String? {
    guard let index = remaining.firstIndex(where: { $0 == "-" || !$0.hasPrefix("-") }) else { return nil }
    return remaining.remove(at: index)
  }

  /// Throws when arguments are left over: an unknown option or an extra argument.
  public func finish() throws(UsageError) {
    guard let first = remaining.first else { return }
    throw UsageError(first.hasPrefix("-") ? "unknown option \(first)" : "unexpected argument \"\(first)\"")
  }
}

/// Bad usage of the command line: exit 64, with the message and the command's usage on stderr.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong, e.g. `unknown option --limt`.
  public var description: String

  /// Creates a usage error.
  public init(_ description: String) {
    self.description = description
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
