/// The paths the API answers.
enum Endpoint: Equatable {
  case index, health, feed, render, stack
  case row(kind: String, id: String)

  /// The endpoint of `path`; a 404 problem for any other path.
  init(path: String) throws(Problem) {
    switch path {
    case "/": self = .index
    case "/healthz": self = .health
    case "/v1/feed": self = .feed
    case "/v1/render": self = .render
    case "/v1/stack": self = .stack
    default:
      let parts = path.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 5, parts[0].isEmpty, parts[1] == "v1", parts[2] == "rows", !parts[3].isEmpty,
        !parts[4].isEmpty
      else {
        throw Problem(status: 404, detail: "nothing at \(path) (see docs/HTTP.md for the endpoints)")
      }
      self = .row(kind: String(parts[3]), id: String(parts[4]))
    }
  }
}
