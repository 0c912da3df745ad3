import JSONCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The files of a seed folder, by name, with helpers that parse one file into records.
public struct SeedFiles: Sendable {
  /// File name → bytes, e.g. `"feed_items.json"`.
  public var contents: [String: Data]

  /// Wraps a folder's files.
  public init(_ contents: [String: Data]) {
    self.contents = contents
  }

  /// The records of an array file (e.g. `feed_items.json`), or `nil` when the file is absent.
  /// Throws when the JSON is malformed or the top level is not an array of objects.
  public func records(_ file: String) throws(SeedError) -> [SeedRecord]? {
    guard let data = contents[file] else { return nil }
    let value = try SeedJSON.parse(data, file: file)
    guard case .array(let elements) = value else {
      throw SeedError(
        file: file, problem: "expected an array of records at the top level, found \(value.typeDescription)")
    }
    var records: [SeedRecord] = []
    records.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      records.append(try SeedRecord(element, file: file, index: index))
    }
    return records
  }

  /// The records of the array file `file`, each checked by `rules` and with an `id` no earlier record of the file
  /// has, made into models by `model` (given the id and the record); `nil` when the file is absent. The first
  /// record that breaks a rule or repeats an id is the error, naming the file, the record and the field.
  public func models<Model>(
    _ file: String, checkedBy rules: RecordRules, _ model: (String, SeedRecord) throws(SeedError) -> Model
  ) throws(SeedError) -> [Model]? {
    guard let records = try records(file) else { return nil }
    var ids = UniqueIDs()
    var models: [Model] = []
    models.reserveCapacity(records.count)
    for record in records {
      try rules.check(record)
      let id = try record.identifier()
      try ids.insert(id, of: record)
      models.append(try model(id, record))
    }
    return models
  }

  /// The single record of an object file (e.g. `profile.json`), or `nil` when the file is absent.
  public func object(_ file: String) throws(SeedError) -> SeedRecord? {
    guard let data = contents[file] else { return nil }
    let value = try SeedJSON.parse(data, file: file)
    guard case .object = value else {
      throw SeedError(file: file, problem: "expected an object at the top level, found \(value.typeDescription)")
    }
    return try SeedRecord(value, file: file, index: nil)
  }
}

/// Checks that ids are unique within one file.
///
///     var ids = UniqueIDs()
///     for record in records { try ids.insert(try record.identifier(), of: record) }
public struct UniqueIDs: Sendable {
  private var firstIndex: [String: Int] = [:]

  /// An empty set of ids.
  public init() {}

  /// Records `id` for `record`; throws when an earlier record had the same id.
  public mutating func insert(_ id: String, of record: SeedRecord) throws(SeedError) {
    if let first = firstIndex[id] {
      throw record.error("id", "duplicate id \"\(id)\" (first used by record \(first))")
    }
    firstIndex[id] = record.index ?? 0
  }
}
