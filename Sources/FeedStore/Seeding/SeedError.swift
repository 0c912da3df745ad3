/// Seed data that cannot be loaded (the CLI exits 65): names the file, the record (index and id) and the field.
///
///     feed_items.json: record 2 (id "a3"): field "title": expected a string, found a number
public struct SeedError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The seed file, e.g. `orders.json`.
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
    self.file = file
    self.record = record
    self.id = id
    self.field = field
    self.problem = problem
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
