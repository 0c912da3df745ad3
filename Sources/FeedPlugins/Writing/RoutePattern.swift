/// A route's path with named segments, e.g. `/v1/orders/{id}`: each segment is literal text or a `{name}` that
/// matches any one non-empty segment and is handed to the route as a parameter.
///
///     let pattern = RoutePattern("/v1/orders/{id}")
///     pattern.match("/v1/orders/o-1")   // ["id": "o-1"]
///     pattern.match("/v1/orders")       // nil
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
  private enum Segment: Sendable, Hashable {
    case literal(Substring)
    case parameter(String)
  }

  /// The pattern as written.
  public let description: String
  private let segments: [Segment]

  /// The pattern `text`, a path starting with `/`.
  public init(_ text: String) {
    description = text
    segments = text.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { segment in
      segment.first == "{" && segment.last == "}"
        ? .parameter(String(segment.dropFirst().dropLast())) : .literal(segment)
    }
  }

  /// The parameters of `path` when it matches (segment by segment, parameters non-empty); `nil` otherwise.
  /// The path is walked in place: every request is matched against every plugin route, so splitting it into
  /// an array per pattern was a third of a cached page's instructions.
  public func match(_ path: String) -> [String: String]? {
    let bytes = path.utf8
    let slash = UInt8(ascii: "/")
    guard bytes.first == slash else { return nil }
    var start = bytes.index(after: bytes.startIndex)
    var parameters: [String: String] = [:]
    for (index, segment) in segments.enumerated() {
      let end = bytes[start...].firstIndex(of: slash) ?? bytes.endIndex
      let isLast = index == segments.count - 1
      guard isLast == (end == bytes.endIndex) else { return nil }
      let part = path[start..<end]
      switch segment {
      case .literal(let text): guard part == text else { return nil }
      case .parameter(let name):
        guard !part.isEmpty else { return nil }
        parameters[name] = String(part)
      }
      if !isLast { start = bytes.index(after: end) }
    }
    return parameters
  }

  /// Whether a path could match both this pattern and `other`: as many segments, each pair equal literals or
  /// at least one a parameter, whatever the parameters' names (`/v1/me/{x}` overlaps `/v1/me/feed` and
  /// `/v1/me/{y}`; `/v1/orders/{id}` does not overlap `/v1/orders`).
  public func overlaps(_ other: RoutePattern) -> Bool {
    guard segments.count == other.segments.count else { return false }
    return zip(segments, other.segments).allSatisfy { pair in
      switch pair {
      case (.literal(let one), .literal(let two)): one == two
      default: true
      }
    }
  }
}
