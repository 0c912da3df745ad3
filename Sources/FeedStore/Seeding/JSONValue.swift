import Foundation

/// A parsed JSON value that keeps integers, numbers and booleans apart, so seed validation can say exactly
/// which type it found.
public indirect enum JSONValue: Sendable, Hashable, Decodable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number without a fractional part that fits in 64 bits.
  case integer(Int64)
  /// Any other number.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])

  /// Decodes any JSON value.
  public init(from decoder: any Decoder) throws {
    // Every failed attempt throws (and allocates) an error: try the common kinds first. Strings, objects,
    // arrays and booleans decode only from their own kind; Int64 is tried before Double.
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([String: JSONValue].self) {
      self = .object(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .integer(value)
    } else {
      self = .number(try container.decode(Double.self))
    }
  }

  /// Parses `data`, or throws a ``SeedError`` naming `file` and where the JSON broke.
  /// Stricter than Foundation's parser: trailing commas (`[1,]`) and a key given twice in one object are
  /// refused too (see ``StrictJSONScan``).
  public static func parse(_ data: Data, file: String) throws(SeedError) -> JSONValue {
    let value: JSONValue
    do {
      value = try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      // JSONDecoder does not say where; JSONSerialization's message does ("around character 14").
      var detail = "the data is not valid JSON"
      do {
        _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
      } catch {
        if let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String {
          detail = "malformed JSON (\(reason.trimmingCharacters(in: CharacterSet(charactersIn: "."))))"
          if let match = reason.firstMatch(of: /character (\d+)/), let offset = Int(match.1) {
            detail += " at " + lineAndColumn(of: offset, in: data)
          }
        }
      }
      throw SeedError(file: file, problem: detail)
    }
    if let problem = StrictJSONScan.firstProblem(in: data) {
      throw SeedError(file: file, problem: "\(problem.message) at " + lineAndColumn(of: problem.offset, in: data))
    }
    return value
  }

  /// `line L, column C` (1-based) of a byte offset.
  private static func lineAndColumn(of offset: Int, in data: Data) -> String {
    let prefix = data.prefix(max(0, offset))
    let line = prefix.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    let column = prefix.count - (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 - prefix.startIndex } ?? 0) + 1
    return "line \(line), column \(column)"
  }

  /// The JSON type's name, as error messages say it: `a string`, `an integer`, `null`…
  public var typeDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .integer: return "an integer"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}
