import FeedStore
import Synchronization
import Testing

/// The store's one connection pool, over a stand-in connection that counts how many were opened.
@Suite("ConnectionPool: borrow an idle connection or open one, give it back unless broken")
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
    let pool = ConnectionPool<Int>()
    let opened = Opened()
    let used = try (0..<3).map { _ in try pool.using(opening: opened.open) { $0 } }
    #expect(used == [1, 1, 1])
  }

  @Test("a caller during another's use gets a second connection; both are kept")
  func nested() throws {
    let pool = ConnectionPool<Int>()
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
    let pool = ConnectionPool<Int>()
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
    let pool = ConnectionPool<Int>()
    let opened = Opened()
    #expect(try pool.using(opening: opened.open) { $0 } == 1)
    #expect(try pool.using(reusing: { $0 != 1 }, opening: opened.open, { $0 }) == 2)
    #expect(try pool.using(opening: opened.open) { $0 } == 2, "the refused connection is gone")
  }
}
