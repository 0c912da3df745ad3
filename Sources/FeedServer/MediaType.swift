import StackRender

/// The `Content-Type` values of the API's answers.
enum MediaType {
  /// JSON documents.
  static let json = "application/json; charset=utf-8"
  /// The web page and `format=html`.
  static let html = "text/html; charset=utf-8"
  /// Problems (RFC 9457).
  static let problem = "application/problem+json; charset=utf-8"
  /// The OpenAPI document (`GET /openapi.json`): OpenAPI's own registered type, so that it is sent as written,
  /// never compacted as the API's JSON documents are (``JSONForm``).
  static let openAPI = "application/vnd.oai.openapi+json; version=3.1"

  /// The metrics (`GET /metrics`): the Prometheus text exposition format, version 0.0.4.
  static let prometheus = "text/plain; version=0.0.4; charset=utf-8"

  /// The media type of a renderer's output in `format`.
  static func of(_ format: RenderFormat) -> String {
    switch format {
    case .json: json
    case .svg: "image/svg+xml; charset=utf-8"
    case .html: html
    case .text: "text/plain; charset=utf-8"
    }
  }
}
