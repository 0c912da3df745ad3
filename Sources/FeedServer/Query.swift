import FeedOptions
import HTTPServer

/// A request's query arguments, read by name and checked: the shared option parsers (FeedOptions:
/// `width()`, `pageLimit(maximum:)`, `cursor()`, …) read it as they read a command line, each bad value a 400
/// ``Problem`` naming the parameter, and ``finish()`` refuses parameters the endpoint does not take.
///
///     var query = Query(request.query)
///     let limit = try query.pageLimit(maximum: 500) ?? 20
///     try query.finish()
struct Query: OptionSource {
  private var remaining: [HTTPField]

  init(_ fields: [HTTPField]) {
    remaining = fields
  }

  /// The parameter's name: the option's own (`card-height`), but `time_zone` for the time zone and `content_size`
  /// for the content size category.
  func spelling(of name: String) -> String {
    switch name {
    case "time-zone": "time_zone"
    case "content-size": "content_size"
    default: name
    }
  }

  /// A 400 problem naming the parameter.
  func failure(option name: String, _ message: String) -> Problem {
    .badParameter(spelling(of: name), message)
  }

  /// The value of the parameter for the option `name`; `nil` when absent. Throws when it is given twice or
  /// without a value.
  mutating func value(of name: String) throws(Problem) -> String? {
    let parameter = spelling(of: name)
    guard let first = try take(parameter) else { return nil }
    guard let value = first.value else {
      throw .badParameter(parameter, "\(parameter) needs a value (\(parameter)=…)")
    }
    return value
  }

  /// True when the parameter for the flag `name` is there, without a value (`own-height`, not `own-height=1`).
  mutating func flag(named name: String) throws(Problem) -> Bool {
    let parameter = spelling(of: name)
    guard let first = try take(parameter) else { return false }
    guard first.value == nil else { throw .badParameter(parameter, "\(parameter) takes no value") }
    return true
  }

  /// Takes the parameter `name`; `nil` when absent. Throws when it is given more than once. Looked for in place,
  /// with no copy of the parameters per name read (most names an endpoint reads are absent).
  private mutating func take(_ name: String) throws(Problem) -> HTTPField? {
    guard let index = remaining.firstIndex(where: { $0.name == name }) else { return nil }
    let first = remaining.remove(at: index)
    guard !remaining.contains(where: { $0.name == name }) else {
      throw .badParameter(name, "\(name) is given more than once")
    }
    return first
  }

  /// Throws when a parameter was not read: the endpoint does not take it.
  func finish() throws(Problem) {
    guard let first = remaining.first else { return }
    throw .badParameter(first.name, "unknown parameter \"\(first.name)\"")
  }
}
