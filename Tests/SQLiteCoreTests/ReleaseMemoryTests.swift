import SQLiteCore
import Testing

/// `Database.releaseMemory()` gives back the page cache a connection kept from its last reads.
@Suite("SQLiteCore: a connection's page cache is freed on request")
struct ReleaseMemoryTests {
  @Test("after a scan the cache holds the pages read; releaseMemory frees them")
  func releaseMemoryEmptiesTheCache() throws {
    let folder = try TemporaryFolder()
    let database = try Database(path: folder.path("cache.sqlite"))
    try database.executeScript(
      """
      CREATE TABLE t (v TEXT);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
      INSERT INTO t SELECT printf('%0200d', i) FROM n;
      """)
    let reader = try Database(path: folder.path("cache.sqlite"))
    let length = try reader.read { try reader.queryOne("SELECT sum(length(v)) FROM t") { try $0.int64(at: 0) } }
    #expect(length == 1_000_000)
    let filled = reader.cacheBytes
    #expect(filled > 500_000, "the scan's pages are cached: \(filled) bytes")
    reader.releaseMemory()
    #expect(reader.cacheBytes < filled / 10, "\(reader.cacheBytes) of \(filled) bytes left")
  }
}
