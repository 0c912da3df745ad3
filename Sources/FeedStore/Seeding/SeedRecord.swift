import CivilTime
import JSONCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One JSON object of a seed file, with typed field accessors whose errors name the file, the record and the
/// field.
///
///     let record = try SeedRecord(value, file: "products.json", index: 0)
///     let title = try record.string("title")
public struct SeedRecord: Sendable {
  /// The seed file the record came from.
  public let file: String
  /// The record's index in the file's array (`nil` for a file holding one object).
  public let index: Int?
  /// Prefix for field paths, e.g. `items[2].` for a nested record.
  public let fieldPrefix: String
  /// The record's id when it has a string one (used in error messages).
  public let id: String?
  private let fields: [(key: String, value: JSONValue)]

  /// Wraps `value`, which must be a JSON object.
  public init(
    _ value: JSONValue, file: String, index: Int?, id parentID: String? = nil, fieldPrefix: String = ""
  ) throws(SeedError) {
    self.file = file
    self.index = index
    self.fieldPrefix = fieldPrefix
    guard case .object(let fields) = value else {
      let what = fieldPrefix.isEmpty ? nil : String(fieldPrefix.dropLast())
      throw SeedError(
        file: file, record: index, id: parentID, field: what,
        problem: "expected an object, found \(value.typeDescription)")
    }
    self.fields = fields
    if let parentID {
      self.id = parentID
    } else if case .string(let id)? = fields.first(where: { $0.key == "id" })?.value,
      TextRule.identifier.problem(with: id) == nil
    {
      self.id = id
    } else {
      self.id = nil
    }
  }

  private init(file: String, index: Int?, fieldPrefix: String, id: String?, fields: [(key: String, value: JSONValue)]) {
    self.file = file
    self.index = index
    self.fieldPrefix = fieldPrefix
    self.id = id
    self.fields = fields
  }

  /// This record's fields laid over `texts` (name → text, `nil` for null): what a partial change (`PATCH`) of
  /// a row whose fields are `texts` makes, to be read and checked by the same rules as a whole record.
  public func merged(overTexts texts: [(name: String, value: String?)]) -> SeedRecord {
    var merged = texts.filter { text in !fields.contains { $0.key == text.name } }.map { text in
      (key: text.name, value: text.value.map(JSONValue.string) ?? .null)
    }
    merged += fields
    return SeedRecord(file: file, index: index, fieldPrefix: fieldPrefix, id: id, fields: merged)
  }

  /// The value of `field`, if the record has it (records have a handful of fields: a scan is cheapest).
  func value(of field: String) -> JSONValue? {
    fields.first { $0.key == field }?.value
  }

  /// The names of the record's fields, in order.
  var fieldNames: [String] {
    fields.map(\.key)
  }

  /// An error about `field` of this record.
  public func error(_ field: String?, _ problem: String) -> SeedError {
    SeedError(file: file, record: index, id: id, field: field.map { fieldPrefix + $0 }, problem: problem)
  }

  /// A required string.
  public func string(_ field: String) throws(SeedError) -> String {
    guard let value = value(of: field) else { throw error(field, "missing (expected a string)") }
    guard case .string(let text) = value else {
      throw error(field, "expected a string, found \(value.typeDescription)")
    }
    return text
  }

  /// A required id (``TextRule/identifier``) that identifies the record.
  public func identifier(_ field: String = "id") throws(SeedError) -> String {
    let text = try string(field)
    if let problem = TextRule.identifier.problem(with: text) { throw error(field, problem) }
    return text
  }

  /// An optional string: absent or `null` give `nil`.
  public func optionalString(_ field: String) throws(SeedError) -> String? {
    switch value(of: field) {
    case nil, .null?: return nil
    case .string(let text)?: return text
    case let value?: throw error(field, "expected a string or null, found \(value.typeDescription)")
    }
  }

  /// A required integer.
  public func integer(_ field: String) throws(SeedError) -> Int {
    guard let value = value(of: field) else { throw error(field, "missing (expected an integer)") }
    guard case .integer(let number) = value, let integer = Int(exactly: number) else {
      throw error(field, "expected an integer, found \(value.summary)")
    }
    return integer
  }

  /// A required array.
  public func array(_ field: String) throws(SeedError) -> [JSONValue] {
    guard let value = value(of: field) else { throw error(field, "missing (expected an array)") }
    guard case .array(let elements) = value else {
      throw error(field, "expected an array, found \(value.typeDescription)")
    }
    return elements
  }

  /// An optional array: absent or `null` give `nil`.
  public func optionalArray(_ field: String) throws(SeedError) -> [JSONValue]? {
    switch value(of: field) {
    case nil, .null?: return nil
    case .array(let elements)?: return elements
    case let value?: throw error(field, "expected an array or null, found \(value.typeDescription)")
    }
  }

  /// A required ISO-8601 instant such as `2021-07-06T12:00:00Z` (fractional seconds and offsets allowed).
  public func instant(_ field: String) throws(SeedError) -> Date {
    let text = try string(field)
    guard let instant = ISO8601Instant(text) else {
      throw error(field, "expected an ISO-8601 instant such as \"2021-07-06T12:00:00Z\", found \"\(text)\"")
    }
    return Date(timeIntervalSince1970: instant.timeIntervalSince1970)
  }
}
