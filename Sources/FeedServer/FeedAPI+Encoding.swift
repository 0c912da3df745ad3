import GzipCore
import HTTPServer

extension FeedAPI {
  /// The smallest body sent gzipped to a client that accepts both gzip and identity: below about 1 KiB the
  /// bytes saved are not worth the work (docs/HTTP.md, "Compression").
  static let gzipThreshold = 1024

  /// `response`, a data endpoint's answer (a tagged 200), as sent to a client whose `Accept-Encoding` asks for
  /// gzip from `gzipFrom` bytes on (``AcceptEncoding/gzipFrom(threshold:)``; `nil`: never): gzipped when the
  /// body is that large and `compresses` (libdeflate is loaded), with `Content-Encoding: gzip` and an `ETag` of
  /// its own (the identity tag with `-gz` inside the quotes); `Vary: Accept-Encoding` in any case, since the
  /// answer depends on the header. Other statuses are returned as they are.
  static func encoded(_ response: HTTPResponse, gzipFrom minimum: Int?, compresses: Bool) -> HTTPResponse {
    guard response.status == 200 else { return response }
    var response = response
    if let vary = response.headers.firstIndex(where: { $0.name == "Vary" }) {
      let value = response.headers[vary].value ?? ""
      if !value.contains("Accept-Encoding") { response.headers[vary].value = value + ", Accept-Encoding" }
    } else {
      response.headers.append(HTTPField("Vary", "Accept-Encoding"))
    }
    guard compresses, let minimum, response.body.count >= minimum,
      !response.headers.contains(where: { $0.name == "Content-Encoding" }),
      let gzipped = Gzip.compress(response.body)
    else { return response }
    response.body = gzipped
    response.headers.append(HTTPField("Content-Encoding", "gzip"))
    if let tag = response.headers.firstIndex(where: { $0.name == "ETag" }), let value = response.headers[tag].value {
      response.headers[tag].value = EntityTag.gzipped(value)
    }
    return response
  }
}
