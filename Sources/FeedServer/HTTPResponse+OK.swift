import HTTPServer

extension HTTPResponse {
  /// A 200 answer with `body` of media type `type`.
  static func ok(_ body: [UInt8], type: String, headers: [HTTPField] = []) -> HTTPResponse {
    HTTPResponse(status: 200, headers: [HTTPField("Content-Type", type)] + headers, body: body)
  }
}
