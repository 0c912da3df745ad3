import Dispatch
import FeedStore
import Foundation
import Synchronization
import Testing

/// The store's one connection pool, over a stand-in connection that counts how many were opened.
@Suite("ConnectionPool: borrow an idle connection or open one, give it back unless broken, never more than the limit")
struct ConnectionPoolTests {
  final class Opened: Sendable {
    let count = Mutex(0)

    func open() -> Int {
      count.withLock { count in
        count += 1
        return count
      }
    }
  }

  struct Broken: Error {}

  @Test("one caller after another reuses the one connection")
  func reuse() throws {
    let pool = ConnectionPool<Int>(limit: 4)
    let opened = Opened()
    let used = try (0..<3).map { _ in try pool.using(opening: opened.open) { $0 } }
    #expect(used == [1, 1, 1])
  }

  @Test("a caller during another's use gets a second connection; both are kept")
  func nested() throws {
    let pool = ConnectionPool<Int>(limit: 4)
    let opened = Opened()
    let inner = try pool.using(opening: opened.open) { outer in
      try pool.using(opening: opened.open) { [outer, $0] }
    }
    #expect(inner == [1, 2])
    let next = try pool.using(opening: opened.open) { first in try pool.using(opening: opened.open) { [first, $0] } }
    #expect(Set(next) == [1, 2], "both were given back")
  }

  @Test(
    "an error that breaks the connection drops it; any other error gives it back",
    arguments: [(true, [1, 2]), (false, [1, 1])])
  func errors(broken: Bool, used: [Int]) throws {
    let pool = ConnectionPool<Int>(limit: 4)
    let opened = Opened()
    var seen: [Int] = []
    #expect(throws: Broken.self) {
      try pool.using(
        opening: opened.open, brokenBy: { _ in broken },
        { connection in
          seen.append(connection)
          throw Broken()
        })
    }
    seen.append(try pool.using(opening: opened.open) { $0 })
    #expect(seen == used)
  }

  @Test("idle connections that may not be reused are dropped before borrowing")
  func reusing() throws {
    let pool = ConnectionPool<Int>(limit: 4)
    let opened = Opened()
    #expect(try pool.using(opening: opened.open) { $0 } == 1)
    #expect(try pool.using(reusing: { $0 != 1 }, opening: opened.open, { $0 }) == 2)
    #expect(try pool.using(opening: opened.open) { $0 } == 2, "the refused connection is gone")
  }

  @Test("a caller finding all connections borrowed waits, and gets the one given back; none more is opened")
  func waitsForOne() throws {
    let pool = ConnectionPool<Int>(limit: 1, wait: .seconds(60))
    let opened = Opened()
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let waiterDone = DispatchSemaphore(value: 0)
    let got = Mutex<Int?>(nil)
    Thread.detachNewThread {
      _ = try? pool.using(opening: opened.open) { connection in
        holding.signal()
        release.wait()
        return connection
      }
    }
    holding.wait()
    Thread.detachNewThread {
      let connection = try? pool.using(opening: opened.open) { $0 }
      got.withLock { $0 = connection }
      waiterDone.signal()
    }
    let waited = waiterDone.wait(timeout: .now() + .milliseconds(50)) == .timedOut
    #expect(waited, "it waits while the one is borrowed")
    release.signal()
    if waited { waiterDone.wait() }
    #expect(got.withLock { $0 } == 1, "the connection given back")
    #expect(opened.count.withLock { $0 } == 1)
  }

  @Test("a caller waiting longer than its deadline gets ConnectionPoolExhausted; the pool works on after")
  func deadline() throws {
    let pool = ConnectionPool<Int>(limit: 2, wait: .milliseconds(20))
    let opened = Opened()
    var caught: ConnectionPoolExhausted?
    try pool.using(opening: opened.open) { _ in
      try pool.using(opening: opened.open) { _ in
        do {
          _ = try pool.using(opening: opened.open) { $0 }
        } catch let error as ConnectionPoolExhausted {
          caught = error
        }
      }
    }
    let error = try #require(caught)
    #expect(error.limit == 2)
    #expect(error.description == "all 2 connections stayed in use for 20 ms")
    #expect(opened.count.withLock { $0 } == 2)
    #expect(Set(try (0..<4).map { _ in try pool.using(opening: opened.open) { $0 } }).isSubset(of: [1, 2]))
  }

  @Test("a failed open and a broken connection give their place back")
  func failuresFreeTheirPlace() throws {
    let pool = ConnectionPool<Int>(limit: 1, wait: .milliseconds(20))
    let opened = Opened()
    #expect(throws: Broken.self) { try pool.using(opening: { throw Broken() }, { $0 }) }
    #expect(throws: Broken.self) {
      try pool.using(opening: opened.open, brokenBy: { _ in true }, { _ in throw Broken() })
    }
    #expect(try pool.using(opening: opened.open) { $0 } == 2, "the broken one was dropped, a new one opened")
  }

  @Test("many callers at once never hold more than the limit, and never open more")
  func bounded() throws {
    let limit = 3
    let pool = ConnectionPool<Int>(limit: limit, wait: .seconds(60))
    let opened = Opened()
    let holders = Mutex((now: 0, most: 0))
    let group = DispatchGroup()
    for _ in 0..<16 {
      group.enter()
      Thread.detachNewThread {
        for _ in 0..<200 {
          _ = try? pool.using(opening: opened.open) { connection in
            holders.withLock {
              $0.now += 1
              $0.most = max($0.most, $0.now)
            }
            holders.withLock { $0.now -= 1 }
            return connection
          }
        }
        group.leave()
      }
    }
    group.wait()
    #expect(holders.withLock { $0.most } <= limit)
    #expect(opened.count.withLock { $0 } <= limit)
  }
}
