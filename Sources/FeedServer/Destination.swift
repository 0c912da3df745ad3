import FeedPlugins
import HTTPServer

/// Where a request leads, found once per request (``FeedAPI/destination(of:)``): the core's endpoint at its
/// path, or the plugin route of its method there, with the metrics meter the request is counted under.
struct Destination {
  /// What answers a request.
  enum Answerer {
    /// A core endpoint (`GET`, `HEAD`).
    case endpoint(Endpoint)
    /// A plugin's route, with the path's `{name}` segments.
    case route(RowRoute, parameters: [String: String])
  }

  /// The meter of the path's endpoint or route in ``Metrics`` (``Metrics/otherMeter`` when nothing is there).
  var meter: Int
  /// What answers the request's method at its path; nil when nothing does.
  var answerer: Answerer?
  /// The methods answered at the path, as `Allow` lists them; empty when nothing is there.
  var allowed: [String]

  /// ``answerer``; else 404 when nothing is at `request`'s path, 405 with `Allow` when something is but not
  /// for its method.
  func answerer(for request: HTTPRequest) throws(Problem) -> Answerer {
    if let answerer { return answerer }
    guard !allowed.isEmpty else {
      throw Problem(status: 404, detail: "nothing at \(request.path) (see docs/HTTP.md for the endpoints)")
    }
    let spoken = allowed.dropLast().joined(separator: ", ") + (allowed.count > 1 ? " and " : "") + (allowed.last ?? "")
    throw Problem(
      status: 405, detail: "\(request.path) answers \(spoken), not \(request.method)",
      headers: [HTTPField("Allow", allowed.joined(separator: ", "))])
  }
}

extension FeedAPI {
  /// Where `request` leads: the endpoint at its path (the registry lets no route overlap one), else the routes
  /// whose pattern matches it — the one of its method (`HEAD` is `GET`'s) answers, and all of them are allowed.
  func destination(of request: HTTPRequest) -> Destination {
    if let endpoint = Endpoint(path: request.path) {
      return Destination(
        meter: endpoint.place, answerer: endpoint.methods.contains(request.method) ? .endpoint(endpoint) : nil,
        allowed: endpoint.methods)
    }
    let method = request.method == "HEAD" ? "GET" : request.method
    var destination = Destination(meter: metrics.otherMeter, answerer: nil, allowed: [])
    for (index, route) in routes.enumerated() {
      guard let parameters = route.pattern.match(request.path) else { continue }
      destination.allowed += route.method == .get ? ["GET", "HEAD"] : [route.method.rawValue]
      guard destination.answerer == nil else { continue }
      destination.meter = routeMeters[index]  // the answering route's, else the last matching one's
      if route.method.rawValue == method { destination.answerer = .route(route, parameters: parameters) }
    }
    return destination
  }
}
