import FeedPlugins
import HTTPServer

/// A request's query arguments, read by name and checked: each reader throws a 400 ``Problem`` naming the
/// parameter, and ``finish()`` refuses parameters the endpoint does not take.
///
///     var query = Query(request.query)
///     let limit = try query.integer("limit", in: 1...500) ?? 20
///     try query.finish()
struct Query {
  private var remaining: [HTTPField]

  init(_ fields: [HTTPField]) {
    remaining = fields
  }

  /// The value of `name`; `nil` when absent. Throws when it is given twice or without a value.
  mutating func string(_ name: String) throws(Problem) -> String? {
    let matches = remaining.filter { $0.name == name }
    guard let first = matches.first else { return nil }
    remaining.removeAll { $0.name == name }
    guard matches.count == 1 else { throw .badParameter(name, "\(name) is given more than once") }
    guard let value = first.value else { throw .badParameter(name, "\(name) needs a value (\(name)=…)") }
    return value
  }

  /// An integer within `range`; `nil` when absent.
  mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(Problem) -> Int? {
    guard let text = try string(name) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw .badParameter(
        name, "\(name) takes an integer from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
    }
    return value
  }

  /// A number of points within `range`; `nil` when absent.
  mutating func points(_ name: String, in range: ClosedRange<Double>) throws(Problem) -> Double? {
    guard let text = try string(name) else { return nil }
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      throw .badParameter(
        name,
        "\(name) takes a number of points from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not \"\(text)\"")
    }
    return value
  }

  /// One of `choices`; `nil` when absent.
  mutating func choice(_ name: String, among choices: [String]) throws(Problem) -> String? {
    guard let value = try string(name) else { return nil }
    guard choices.contains(value) else {
      throw .badParameter(name, "\(name) takes \(choices.joined(separator: " or ")), not \"\(value)\"")
    }
    return value
  }

  /// A feed cursor (a page's `next`); `nil` when absent.
  mutating func cursor(_ name: String) throws(Problem) -> FeedCursor? {
    guard let text = try string(name) else { return nil }
    guard let cursor = FeedCursor(text) else {
      throw .badParameter(name, "\(name) takes a cursor from an earlier page's \"next\", not \"\(text)\"")
    }
    return cursor
  }

  /// The arguments not read yet, handed over (for endpoints that pass them on).
  mutating func takeRest() -> [HTTPField] {
    defer { remaining = [] }
    return remaining
  }

  /// Throws when a parameter was not read: the endpoint does not take it.
  func finish() throws(Problem) {
    guard let first = remaining.first else { return }
    throw .badParameter(first.name, "unknown parameter \"\(first.name)\"")
  }
}
