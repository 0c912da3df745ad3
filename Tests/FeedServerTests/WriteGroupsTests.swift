import Dispatch
import FeedStore
import Foundation
import StackfeedTestSupport
import Synchronization
import Testing

@testable import FeedServer

/// Group commit (``WriteGroups``), in process on both backends: writes that arrive while a group is written share
/// the next transaction and its one commit, each is answered after that commit with its own result, a write that
/// throws is rolled back alone, and a commit that fails fails every write of its group.
@Suite("FeedAPI: writes committed in groups")
struct WriteGroupsTests {
  struct Refused: Error, Equatable {}

  /// A test API whose database has a table `grouped(v)` and a table `child(p)` whose rows must name a row of
  /// `parent`, checked only at commit (a deferred foreign key: the way to make a commit fail).
  static func store(_ backend: Backend) throws -> TestAPI {
    let test = try TestAPI(backend)
    try test.database.execute(
      """
      CREATE TABLE grouped (v INTEGER NOT NULL, n INTEGER NOT NULL);
      CREATE TABLE parent (id INTEGER PRIMARY KEY);
      CREATE TABLE child (p INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED);
      """)
    return test
  }

  /// Runs `first` as a write that holds its group open until the writes `then` are all waiting behind it, then
  /// lets every write finish; their results in order (the first's first).
  static func grouped(
    _ groups: WriteGroups, first: @escaping @Sendable (StoreConnection) throws -> Void,
    then: [@Sendable (StoreConnection) throws -> Void]
  ) -> [Result<Void, any Error>] {
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let results = Mutex<[Int: Result<Void, any Error>]>([:])
    let all = DispatchGroup()
    DispatchQueue.global().async(group: all) {
      let result = Result {
        try groups.write { db in
          entered.signal()
          release.wait()
          try first(db)
        }
      }
      results.withLock { $0[0] = result }
    }
    entered.wait()
    for (index, write) in then.enumerated() {
      DispatchQueue.global().async(group: all) {
        let result = Result { try groups.write { db in try write(db) } }
        results.withLock { $0[index + 1] = result }
      }
      while groups.waiting < index + 1 { usleep(200) }  // this write is queued: the next one arrives after it
    }
    release.signal()
    all.wait()
    return results.withLock { results in (0...then.count).compactMap { results[$0] } }
  }

  static func insert(_ value: Int) -> @Sendable (StoreConnection) throws -> Void {
    { db in
      try db.execute(
        "INSERT INTO grouped (v, n) VALUES ($1, $2)",
        [.integer(Int64(value)), .integer(Int64(try StoreChanges.count(in: db)))])
    }
  }

  @Test("writes waiting behind a group share the next commit, in the order they came", arguments: Backend.available)
  func shareTheNextCommit(backend: Backend) throws {
    let test = try Self.store(backend)
    let commits = test.api.metrics.totals().writeCommits
    let results = Self.grouped(test.api.writeGroups, first: Self.insert(0), then: (1...5).map(Self.insert))
    #expect(results.allSatisfy { (try? $0.get()) != nil })
    // The store's change counter moves once per transaction: the five that waited read one value, one more than
    // the first write read.
    let rows = try test.database.query("SELECT v, n FROM grouped ORDER BY v")
    let counts = rows.split(separator: "\n").map { $0.split(separator: "|")[1] }
    #expect(counts.count == 6 && Set(counts.dropFirst()).count == 1 && counts[0] != counts[1], "\(rows)")
    #expect(test.api.metrics.totals().writeCommits - commits == 2)
  }

  @Test("a write that throws is rolled back alone; the others of its group commit", arguments: Backend.available)
  func oneFailsAlone(backend: Backend) throws {
    let test = try Self.store(backend)
    let refusing: @Sendable (StoreConnection) throws -> Void = { db in
      try Self.insert(2)(db)
      throw Refused()
    }
    let results = Self.grouped(
      test.api.writeGroups, first: Self.insert(0), then: [Self.insert(1), refusing, Self.insert(3)])
    #expect(throws: Refused.self) { try results[2].get() }
    #expect([0, 1, 3].allSatisfy { (try? results[$0].get()) != nil })
    #expect(try test.database.query("SELECT v FROM grouped ORDER BY v") == "0\n1\n3")
  }

  @Test("a commit that fails fails every write of its group, and keeps none", arguments: Backend.available)
  func commitFailsTheGroup(backend: Backend) throws {
    let test = try Self.store(backend)
    let orphan: @Sendable (StoreConnection) throws -> Void = { db in
      try db.execute("INSERT INTO child (p) VALUES (42)")  // no parent 42: refused at commit
    }
    let results = Self.grouped(
      test.api.writeGroups, first: Self.insert(0), then: [Self.insert(1), orphan, Self.insert(3)])
    #expect((try? results[0].get()) != nil, "the first write committed in its own transaction")
    for index in 1...3 {
      #expect(throws: (any Error).self) { try results[index].get() }
    }
    #expect(try test.database.query("SELECT v FROM grouped") == "0")
    #expect(try test.database.query("SELECT count(*) FROM child") == "0")
  }
}
