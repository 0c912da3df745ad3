import JSONCore

extension RecordRules {
  /// The rules as a JSON Schema (2020-12, as OpenAPI 3.1 uses it): an object of exactly these properties
  /// (`additionalProperties: false`), the required ones `required`, optional ones also `null`, each with its
  /// bounds — what docs/openapi.json says of the body of a route that checks its body by these rules.
  public var schema: JSONValue {
    var object: [(key: String, value: JSONValue)] = [("type", .string("object"))]
    let required = fields.filter { $0.presence == .required }.map { JSONValue.string($0.name) }
    if !required.isEmpty { object.append(("required", .array(required))) }
    object.append(
      ("properties", .object(fields.map { ($0.name, $0.value.schema(nullable: $0.presence == .optional)) })))
    object.append(("additionalProperties", .bool(false)))
    return .object(object)
  }
}

extension FieldRule.Value {
  /// The value's JSON Schema; a `nullable` one's type also allows `null`.
  func schema(nullable: Bool) -> JSONValue {
    func type(_ name: String) -> (key: String, value: JSONValue) {
      ("type", nullable ? .array([.string(name), .string("null")]) : .string(name))
    }
    switch self {
    case .text(let rule):
      return .object([
        type("string"), ("minLength", .integer(1)), ("maxLength", .integer(Int64(rule.maximumLength))),
        ("pattern", .string(rule.pattern)),
      ])
    case .integer(let range):
      return .object([
        type("integer"), ("minimum", .integer(Int64(range.lowerBound))), ("maximum", .integer(Int64(range.upperBound))),
      ])
    case .instant:
      return .object([type("string"), ("format", .string("date-time"))])
    case .list(let element, let count):
      return .object([
        type("array"), ("minItems", .integer(Int64(count.lowerBound))), ("maxItems", .integer(Int64(count.upperBound))),
        ("items", element.schema(nullable: false)),
      ])
    case .record(let rules):
      guard nullable, case .object(var object) = rules.schema else { return rules.schema }
      object[0] = type("object")
      return .object(object)
    }
  }
}
