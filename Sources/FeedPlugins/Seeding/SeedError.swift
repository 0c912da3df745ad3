/// A seed folder that cannot be loaded: names the file, the record (index and id) and the field.
///
///     feed_items.json: record 2 (id "a3"): field "title": expected a string, found a number
public struct SeedError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of failure, for mapping to an exit code.
  public enum Kind: Sendable, Hashable {
    /// The data is wrong (malformed JSON, wrong shape, a bad or duplicate value): exit 65.
    case invalidData
    /// The seed folder or a file in it is missing or unreadable: exit 66.
    case missingInput
  }

  /// Whether the data is wrong or the input is missing.
  public var kind: Kind
  /// The seed file, e.g. `orders.json` (or the folder for a missing folder).
  public var file: String
  /// The 0-based index of the record in the file's array, when the problem is in one record.
  public var record: Int?
  /// The record's id, when it has a readable one.
  public var id: String?
  /// The field, as a path such as `items[1].quantity`, when the problem is in one field.
  public var field: String?
  /// What is wrong, e.g. `expected an integer ≥ 1, found 0`.
  public var problem: String

  /// Creates a data error.
  public init(file: String, record: Int? = nil, id: String? = nil, field: String? = nil, problem: String) {
    self.kind = .invalidData
    self.file = file
    self.record = record
    self.id = id
    self.field = field
    self.problem = problem
  }

  /// A missing or unreadable seed folder or file.
  public static func missing(_ path: String, problem: String) -> SeedError {
    var error = SeedError(file: path, problem: problem)
    error.kind = .missingInput
    return error
  }

  /// One sentence: `file: record N (id "x"): field "f": problem`.
  public var description: String {
    var parts = [file]
    if let record {
      parts.append(id.map { "record \(record) (id \"\($0)\")" } ?? "record \(record)")
    }
    if let field { parts.append("field \"\(field)\"") }
    parts.append(problem)
    return parts.joined(separator: ": ")
  }
}
