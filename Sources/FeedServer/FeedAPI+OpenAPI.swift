import FeedStore
import HTTPServer

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension FeedAPI {
  /// `GET /openapi.json`: ``openAPIDocument``. It takes no parameter but `pretty`, which changes nothing: the
  /// document is sent as written.
  static func openAPI(_ query: inout Query) throws(Problem) -> HTTPResponse {
    try query.finish()
    return openAPIDocument
  }

  /// The API's OpenAPI 3.1 document: the bytes of docs/openapi.json, compiled into the binary (``BundledFiles/core``).
  static let openAPIDocument = HTTPResponse.ok(
    Array(BundledFiles.core.files(in: "docs")["openapi.json"] ?? Data()), type: MediaType.openAPI)
}
