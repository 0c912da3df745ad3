/// What one record of a row kind may contain, declared once by its plugin: every field's rule, and nothing
/// else (an unknown field is refused, so a misspelt one never loses its value silently). The same rules check
/// a seed file's records (the CLI exits 65) and a route's request body (422), each error naming the file,
/// record and field; docs/openapi.json's request schemas are these rules written as JSON Schema (``schema``).
///
///     static let line = RecordRules([.identifier("product"), .integer("quantity", 1...999)])
///     try line.check(record)   // field "quantity": expected an integer from 1 to 999, found 0
public struct RecordRules: Sendable {
  /// The fields' rules, in the order they are checked.
  public let fields: [FieldRule]

  /// Rules of records holding `fields` and no other.
  public init(_ fields: [FieldRule]) {
    self.fields = fields
  }

  /// The same fields, each omittable where it was required: the body of a change (`PATCH`) that sets only
  /// the fields it names.
  public var partial: RecordRules {
    RecordRules(fields.map { $0.presence == .required ? $0.presence(.omittable) : $0 })
  }

  /// These rules without the fields `names` (a seed record's fields in a request that takes its id from the
  /// path).
  public func without(_ names: Set<String>) -> RecordRules {
    RecordRules(fields.filter { !names.contains($0.name) })
  }

  /// Throws a ``SeedError`` naming the first unknown field of `record`, else the first field that breaks its rule.
  public func check(_ record: SeedRecord) throws(SeedError) {
    if let unknown = record.fieldNames.first(where: { name in !fields.contains { $0.name == name } }) {
      let known = fields.map { "\"\($0.name)\"" }.joined(separator: ", ")
      throw record.error(unknown, "unknown field (expected \(known))")
    }
    for field in fields { try field.check(in: record) }
  }
}
