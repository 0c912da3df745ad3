import CivilTime
import JSONCore

/// The rule of one field of a record: its name, whether it must be there, and what its value may be.
///
///     FieldRule.text("title", TextRule(maximumLength: 120))
///     FieldRule.integer("quantity", 1...999)
///     FieldRule.identifier("before", .optional)
public struct FieldRule: Sendable {
  /// Whether a field must be there.
  public enum Presence: Sendable, Hashable {
    /// There, and not `null`.
    case required
    /// Absent or `null`: none.
    case optional
    /// Absent (left as it is, in a change) or a value; never `null`.
    case omittable
  }

  /// What a value may be.
  public indirect enum Value: Sendable {
    /// A string by a ``TextRule``.
    case text(TextRule)
    /// An integer in a range.
    case integer(ClosedRange<Int>)
    /// An ISO-8601 instant such as `2021-07-06T12:00:00Z` (fractional seconds and offsets allowed).
    case instant
    /// An array of a number of values in `count`, each by the rule `of`.
    case list(of: Value, count: ClosedRange<Int>)
    /// An object by its own rules (an order's line item).
    case record(RecordRules)
  }

  /// The field's name.
  public let name: String
  /// Whether it must be there.
  public let presence: Presence
  /// What its value may be.
  public let value: Value

  /// A field `name` whose value follows `value`.
  public init(_ name: String, _ value: Value, _ presence: Presence = .required) {
    self.name = name
    self.value = value
    self.presence = presence
  }

  /// A text field.
  public static func text(_ name: String, _ rule: TextRule, _ presence: Presence = .required) -> FieldRule {
    FieldRule(name, .text(rule), presence)
  }

  /// An id field (``TextRule/identifier``).
  public static func identifier(_ name: String = "id", _ presence: Presence = .required) -> FieldRule {
    FieldRule(name, .text(.identifier), presence)
  }

  /// An integer field in `range`.
  public static func integer(_ name: String, _ range: ClosedRange<Int>, _ presence: Presence = .required)
    -> FieldRule
  {
    FieldRule(name, .integer(range), presence)
  }

  /// The same rule with another presence (an id optional in a request that may leave it to the server).
  public func presence(_ presence: Presence) -> FieldRule {
    FieldRule(name, value, presence)
  }

  /// Checks this field of `record`; throws a ``SeedError`` naming it (`items[1].quantity`).
  func check(in record: SeedRecord) throws(SeedError) {
    switch record.value(of: name) {
    case nil:
      guard presence != .required else { throw record.error(name, "missing (expected \(value.typeName))") }
    case .null?:
      guard presence == .optional else { throw record.error(name, "expected \(value.typeName), found null") }
    case let found?:
      try value.check(found, at: name, in: record, orNull: presence == .optional)
    }
  }
}

extension FieldRule.Value {
  /// What the value is, in error messages: `a string`, `an integer from 1 to 999`.
  var typeName: String {
    switch self {
    case .text: "a string"
    case .integer(let range): "an integer from \(range.lowerBound) to \(range.upperBound)"
    case .instant: "an ISO-8601 instant such as \"2021-07-06T12:00:00Z\""
    case .list: "an array"
    case .record: "an object"
    }
  }

  /// Checks `value`, found at `path` of `record`; `orNull`: the field may also be `null` (the error says so).
  func check(_ value: JSONValue, at path: String, in record: SeedRecord, orNull: Bool = false) throws(SeedError) {
    switch (self, value) {
    case (.text(let rule), .string(let text)):
      if let problem = rule.problem(with: text) { throw record.error(path, problem) }
    case (.integer(let range), .integer(let number)):
      guard let integer = Int(exactly: number), range.contains(integer) else {
        throw record.error(path, "expected \(typeName), found \(number)")
      }
    case (.instant, .string(let text)):
      guard ISO8601Instant(text) != nil else { throw record.error(path, "expected \(typeName), found \"\(text)\"") }
    case (.list(let element, let count), .array(let elements)):
      guard count.contains(elements.count) else {
        throw record.error(path, "expected \(count.lowerBound) to \(count.upperBound) items, found \(elements.count)")
      }
      for (index, item) in elements.enumerated() {
        try element.check(item, at: "\(path)[\(index)]", in: record)
      }
    case (.record(let rules), _):
      try rules.check(
        SeedRecord(
          value, file: record.file, index: record.index, id: record.id, fieldPrefix: record.fieldPrefix + path + "."))
    default:
      let found: String
      if case .integer = self { found = value.summary } else { found = value.typeDescription }
      throw record.error(path, "expected \(typeName)\(orNull ? " or null" : ""), found \(found)")
    }
  }
}
