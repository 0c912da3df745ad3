import FeedServer
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

@testable import FeedServer

/// `Prefer: return=minimal` (RFC 7240) on a write: the status and `Location` without the row, and
/// `Preference-Applied`; the write itself is the same.
@Suite("FeedAPI: Prefer return=minimal")
struct ReturnPreferenceTests {
  @Test(
    "the Prefer fields read as RFC 7240 reads them",
    arguments: [
      ([], ReturnPreference.representation),
      (["return=minimal"], .minimal),
      (["RETURN = Minimal"], .minimal),
      (["return=\"minimal\""], .minimal),
      (["respond-async, return=minimal; foo=bar"], .minimal),
      (["wait=10", "return=minimal"], .minimal),
      (["return=representation, return=minimal"], .representation),
      (["return=minimalist"], .representation),
      (["returns=minimal"], .representation),
      (["return"], .representation),
      (["return=, return=minimal"], .minimal),
      (["return =\t\"MINIMAL\" ;x=1"], .minimal),
      (["", "handling=lenient,,return=minimal"], .minimal),
      (["return=minimal=1"], .representation),
      (["x;return=minimal"], .representation),
    ])
  func parse(fields: [String], expected: ReturnPreference) {
    let request = HTTPRequest(
      method: "POST", path: "/v1/me/orders", query: [], headers: fields.map { HTTPField("Prefer", $0) }, body: [])
    #expect(ReturnPreference(request) == expected)
  }

  @Test("an order placed with return=minimal: 201, its Location, no body; it is stored", arguments: Backend.available)
  func minimalOrder(backend: Backend) throws {
    let api = try TestAPI(backend)
    let placed = api.send(
      "POST", "/v1/me/orders", as: .user("default", .write), json: OrderWriteTests.order,
      headers: [HTTPField("Prefer", "return=minimal")])
    #expect(placed.status == 201 && placed.body.isEmpty, "\(placed.text)")
    #expect(placed.header("Preference-Applied") == "return=minimal")
    #expect(placed.header("ETag") == nil && placed.header("Content-Type") == nil)
    let location = try #require(placed.header("Location"))
    let read = api.send("GET", location, as: .user("default", .read))
    #expect(read.status == 200 && read.text.contains(#""title":"IT'S PLACED""#))
  }

  @Test("with an Idempotency-Key the row is kept: a repeat that prefers it gets it", arguments: Backend.available)
  func minimalThenRepeated(backend: Backend) throws {
    let api = try TestAPI(backend)
    let key = HTTPField("Idempotency-Key", "minimal-1")
    let placed = api.send(
      "POST", "/v1/me/orders", as: .user("default", .write), json: OrderWriteTests.order,
      headers: [key, HTTPField("Prefer", "return=minimal")])
    #expect(placed.status == 201 && placed.body.isEmpty)
    let repeated = api.send(
      "POST", "/v1/me/orders", as: .user("default", .write), json: OrderWriteTests.order, headers: [key])
    #expect(repeated.status == 201 && repeated.header("Location") == placed.header("Location"))
    #expect(repeated.text.contains(#""title":"IT'S PLACED""#) && repeated.header("Preference-Applied") == nil)
  }
}
