import FeedServer
import Foundation
import HTTPServer
import StackfeedTestSupport
import Synchronization
import Testing

/// A reader sees a write whole or not at all: an order is a row in `orders` and one in `line_item` per item,
/// written in one transaction, so every order card a reader gets while orders are being placed has all its
/// lines (a half-written order would show fewer gallery tiles). Re-seeds: ServeTests.LoadTests and
/// SeveralServersTests.
@Suite("FeedAPI: readers during writes")
struct WholeWriteTests {
  /// Four lines: the gallery of a whole order has four tiles.
  static let order = #"""
    {"items": [{"product": "arrival-tshirt", "quantity": 1}, {"product": "vital-top", "quantity": 1},
      {"product": "apex-hoodie", "quantity": 1}, {"product": "arrival-shorts", "quantity": 1}]}
    """#

  @Test(
    "readers while 30 four-line orders are placed see every order with its four lines", arguments: Backend.available)
  func ordersAreSeenWhole(backend: Backend) throws {
    let api = try TestAPI(backend)
    let feed = api.api
    var post = TestAPI.request("POST", "/v1/me/orders", headers: [HTTPField("Content-Type", "application/json")])
    post.body = Array(Self.order.utf8)
    let read = TestAPI.request("GET", "/v1/feed?limit=3")
    let writing = Atomic(true)
    let placed = Mutex<[String]>([])
    let seen = Mutex<(answers: Int, whileWriting: Int, orders: Set<String>, broken: [String])>((0, 0, [], []))
    let answered = DispatchSemaphore(value: 0)  // one signal per reader answer
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { [post] in
      defer { writing.store(false, ordering: .releasing) }
      for _ in 0..<30 {
        answered.wait()  // the readers are reading: each order is placed while they are
        let reply = feed.respond(to: post, as: .user("default", .write))
        guard reply.status == 201, let id = try? reply.json()["id"] as? String else {
          seen.withLock { $0.broken.append("POST: \(reply.status) \(reply.text)") }
          return
        }
        placed.withLock { $0.append(id) }
      }
    }
    for _ in 0..<3 {
      DispatchQueue.global().async(group: group) {
        repeat {
          let during = writing.load(ordering: .acquiring)
          let reply = feed.respond(to: read)
          let rows = (try? reply.json()["rows"] as? [[String: Any]]) ?? []
          let order = rows.first { $0["kind"] as? String == "order" }
          let tiles = (order?["gallery"] as? [Any])?.count
          seen.withLock {
            $0.answers += 1
            if during { $0.whileWriting += 1 }
            if let id = order?["id"] as? String { $0.orders.insert(id) }
            if reply.status != 200 || tiles != 4 { $0.broken.append("\(reply.status) \(tiles ?? -1) tiles") }
          }
          answered.signal()
        } while writing.load(ordering: .acquiring)
      }
    }
    group.wait()
    let result = seen.withLock { $0 }
    #expect(result.broken.count == 0, "\(result.broken.prefix(5))")
    #expect(placed.withLock { $0.count } == 30)
    #expect(result.whileWriting > 0)
    #expect(result.orders.count > 1, "the readers saw the latest order change")
    #expect(result.orders.isSubset(of: Set(placed.withLock { $0 } + [OrderWriteTests.seeded])))
  }
}
