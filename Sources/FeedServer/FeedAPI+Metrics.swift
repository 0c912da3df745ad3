import HTTPServer

extension FeedAPI {
  /// `GET /metrics`: ``metrics`` in the Prometheus text format, read at each request (`Cache-Control:
  /// no-store`, no `ETag`, never remembered). It takes no parameter, and needs no token, even with
  /// ``requireAuth``: like `/healthz`, it is for the operator's tools, on the operator's network (docs/HTTP.md,
  /// "Metrics").
  func metricsPage(_ query: inout Query) throws(Problem) -> HTTPResponse {
    try query.finish()
    return .ok(
      Array(metrics.exposition(version: version).utf8), type: MediaType.prometheus,
      headers: [HTTPField("Cache-Control", "no-store")])
  }
}
