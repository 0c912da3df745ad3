import FeedServer
import Foundation
import HTTPServer
import StackfeedTestSupport
import Testing

/// The kinds' rules on the write routes, on each backend: what the issue found accepted (a blank title answered
/// 500, an empty order and a quantity of 10^12 were taken, any status was) is a 422 naming the field, the store
/// unchanged; the edges the rules allow are taken.
@Suite("FeedAPI: the kinds' rules on writes")
struct WriteRulesTests {
  static let blank = [
    ("", "must not be empty"), ("   ", "must not be blank"), ("\u{3000}\u{A0}", "must not be blank"),
    ("a\u{0}", "control character U+0000"), ("a\nb", "control character U+000A"),
    (String(repeating: "x", count: 121), "too long: 121 characters (at most 120)"),
  ]

  @Test("POST /v1/feed-items: a bad title is 422 naming it, nothing written", arguments: Backend.available, blank)
  func badTitles(backend: Backend, bad: (title: String, problem: String)) throws {
    let api = try TestAPI(backend)
    let before = try FeedItemWriteTests.ids(api)
    let body = String(decoding: try JSONSerialization.data(withJSONObject: ["title": bad.title]), as: UTF8.self)
    let answer = api.send("POST", "/v1/feed-items", as: .admin, json: body)
    #expect(answer.status == 422, "\(answer.text)")
    let problem = try answer.json()
    #expect(problem["field"] as? String == "title")
    #expect((problem["detail"] as? String)?.contains(bad.problem) == true, "\(problem)")
    #expect(try FeedItemWriteTests.ids(api) == before)
  }

  @Test(
    "PATCH /v1/feed-items/{id}: a blank title or a null one is 422; the longest title and a cleared tag are 200",
    arguments: Backend.available)
  func changes(backend: Backend) throws {
    let api = try TestAPI(backend)
    let target = "/v1/feed-items/\(FeedItemWriteTests.first)"
    for (body, field) in [(#"{"title": " "}"#, "title"), (#"{"title": null}"#, "title"), (#"{"tag": ""}"#, "tag")] {
      let answer = api.send("PATCH", target, as: .admin, json: body, headers: [HTTPField("If-Match", "*")])
      #expect(answer.status == 422, "\(body): \(answer.text)")
      #expect(try answer.json()["field"] as? String == field)
    }
    let longest = String(repeating: "é", count: 120)
    let changed = api.send(
      "PATCH", target, as: .admin, json: #"{"title": "\#(longest)", "tag": null}"#,
      headers: [HTTPField("If-Match", "*")])
    #expect(changed.status == 200, "\(changed.text)")
    #expect(changed.text.contains(longest.uppercased()))
  }

  @Test(
    "PATCH /v1/orders/{id}: a status is bounded free text (1 to 32 characters, not blank); FUFILLED stays as it is",
    arguments: Backend.available)
  func statuses(backend: Backend) throws {
    let api = try OrderWriteTests.api(backend)
    let target = "/v1/orders/\(OrderWriteTests.seeded)"
    let match = [HTTPField("If-Match", "*")]
    #expect(api.send("GET", target, as: .admin).text.contains("IT'S FUFILLED"))
    for status in ["", "  ", String(repeating: "s", count: 33), "a\tb"] {
      let body = String(decoding: try JSONSerialization.data(withJSONObject: ["status": status]), as: UTF8.self)
      let answer = api.send("PATCH", target, as: .admin, json: body, headers: match)
      #expect(answer.status == 422, "\(status): \(answer.text)")
      #expect(try answer.json()["field"] as? String == "status")
    }
    #expect(api.send("GET", target, as: .admin).text.contains("IT'S FUFILLED"))
    let longest = String(repeating: "s", count: 32)
    let changed = api.send("PATCH", target, as: .admin, json: #"{"status": "\#(longest)"}"#, headers: match)
    #expect(changed.status == 200, "\(changed.text)")
    #expect(changed.text.contains("IT'S \(longest.uppercased())"))
  }

  @Test(
    "the largest order the rules take (100 lines of 999) is placed and its card drawn", arguments: Backend.available)
  func largestOrder(backend: Backend) throws {
    let api = try OrderWriteTests.api(backend)
    let lines = Array(repeating: #"{"product": "vital-top", "quantity": 999}"#, count: 100).joined(separator: ",")
    let placed = api.send("POST", "/v1/me/orders", as: .user("ada", .write), json: #"{"items": [\#(lines)]}"#)
    #expect(placed.status == 201, "\(placed.text)")
    #expect(placed.text.contains("+99897"))
  }
}
