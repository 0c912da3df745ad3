import HTTPServer
import Testing

@testable import FeedServer

/// `Accept-Encoding` read as RFC 9110 §12.5.3 says, and what it makes the API send.
@Suite("Accept-Encoding: codings, weights, the choice of gzip")
struct AcceptEncodingTests {
  /// A header value (nil: no header), then the weights of gzip and identity, and from which size gzip is sent
  /// (threshold 1024; nil: never).
  static let cases: [(header: String?, gzip: Int, identity: Int, gzipFrom: Int?)] = [
    (nil, 0, 1000, nil),  // no preference stated: no coding
    ("", 0, 1000, nil),  // empty: identity only
    ("gzip", 1000, 1000, 1024),
    ("GZIP", 1000, 1000, 1024),
    ("x-gzip", 1000, 1000, 1024),
    ("gzip, deflate, br, zstd", 1000, 1000, 1024),  // what browsers send
    ("deflate, br", 0, 1000, nil),
    ("gzip;q=0", 0, 1000, nil),  // refused
    ("gzip; q=0.000", 0, 1000, nil),
    ("gzip;Q=0.5", 500, 1000, nil),  // acceptable, but identity is wanted more
    ("gzip;q=0.5, identity;q=0.4", 500, 400, 1024),
    ("gzip;q=1.0, identity; q=0.5, *;q=0", 1000, 500, 1024),
    ("*", 1000, 1000, 1024),  // * matches every coding not named
    ("*;q=0.3", 300, 300, 1024),
    ("*;q=0", 0, 0, nil),  // nothing acceptable: sent uncompressed all the same
    ("*;q=0, gzip", 1000, 0, 0),  // identity refused by *: gzip at any size
    ("gzip, identity;q=0", 1000, 0, 0),
    ("identity;q=0", 0, 0, nil),
    ("*;q=0, identity", 0, 1000, nil),
    ("gzip;q=0, *", 0, 1000, nil),  // the coding's own entry wins over *
    ("identity", 0, 1000, nil),
    (" gzip ;q=0.8 , identity;q=0.9 ", 800, 900, nil),
    ("gzip, gzip;q=0", 1000, 1000, 1024),  // of two entries the first counts
    ("gzip;q=2", 0, 1000, nil),  // bad weights: the element is skipped
    ("gzip;q=1.5", 0, 1000, nil),
    ("gzip;q=0.1234", 0, 1000, nil),
    ("gzip;q=", 0, 1000, nil),
    ("gzip;q=1.", 0, 1000, nil),
    ("gzip;level=9", 0, 1000, nil),
    ("gzip;", 0, 1000, nil),  // a parameter that is empty
    ("gzip;q=0.2;q=0.7", 700, 1000, nil),  // of two weights the last counts
    (",, GZip ,", 1000, 1000, 1024),
    ("gz ip, ,,", 0, 1000, nil),
    ("gzip;q=1.000", 1000, 1000, 1024),
    ("gzip;q=0.001, identity;q=0.001", 1, 1, 1024),
  ]

  @Test("weights and choice", arguments: cases)
  func choice(header: String?, gzip: Int, identity: Int, gzipFrom: Int?) {
    let accepted = AcceptEncoding(header)
    #expect(accepted.quality(of: "gzip") == gzip, "\(header ?? "no header")")
    #expect(accepted.quality(of: "identity") == identity, "\(header ?? "no header")")
    #expect(accepted.gzipFrom(threshold: 1024) == gzipFrom, "\(header ?? "no header")")
  }

  @Test("every Accept-Encoding field of a request counts, whatever the case of its name")
  func severalFields() {
    let request = HTTPRequest(
      method: "GET", path: "/",
      headers: [HTTPField("accept-encoding", "identity;q=0.5"), HTTPField("Accept-Encoding", "gzip")])
    #expect(AcceptEncoding(request).gzipFrom(threshold: 1024) == 1024)
    #expect(AcceptEncoding(HTTPRequest(method: "GET", path: "/")).gzipFrom(threshold: 1024) == nil)
  }
}
