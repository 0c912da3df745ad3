import SQLCore
import Testing

@Suite struct MigrationTests {
  @Test(arguments: [
    // FIPS 180-2 appendix B test vectors.
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func theChecksumIsTheSHA256OfTheDialectsScript(sql: String, digest: String) {
    let migration = Migration(name: "a", sqlite: sql, postgres: sql + " ")
    #expect(migration.checksum(for: .sqlite) == digest)
    #expect(migration.checksum(for: .postgres) != digest)
  }

  @Test func oneScriptServesEveryDialect() {
    let migration = Migration(name: "0001_t", sql: "CREATE TABLE t (x TEXT);")
    for dialect in SQLDialect.allCases {
      #expect(migration.sql(for: dialect) == "CREATE TABLE t (x TEXT);")
    }
    #expect(migration.checksum(for: .sqlite) == migration.checksum(for: .postgres))
  }

  @Test func aMissingDialectHasNoScriptAndNoChecksum() {
    let migration = Migration(name: "0001_t", sqlite: "CREATE TABLE t (x) STRICT;", postgres: nil)
    #expect(migration.sql(for: .postgres) == nil)
    #expect(migration.checksum(for: .postgres) == nil)
    #expect(migration.sql(for: .sqlite) == "CREATE TABLE t (x) STRICT;")
  }

  @Test func dialectsNameTheirEngines() {
    #expect(SQLDialect.allCases.map(\.description) == ["SQLite", "PostgreSQL"])
  }
}
