import Foundation
import StackfeedTestSupport
import Testing

/// Issue 6, item 4: two writer processes and four reader processes on one database at once.
@Suite struct ReliabilityConcurrencyTests {
  @Test(arguments: Backend.available)
  func twoWritersAndFourReadersAllSucceedAndCountsAreExact(backend: Backend) throws {
    let cli = try CLIHarness()
    let database = try cli.database(backend)
    let path = database.argument
    #expect(try cli.run(["seed", "--db", path]).code == 0)
    let out = cli.path("out")
    // Each reader lists three times while the writers run; every process's status lands in its own file.
    let script = """
      mkdir -p '\(out)'
      for w in 1 2; do ( "$BIN" seed --db '\(path)' --generate 20000 >"\(out)/w$w" 2>&1; echo $? >"\(out)/w$w.code" ) & done
      for r in 1 2 3 4; do ( for i in 1 2 3; do
        "$BIN" list --db '\(path)' --format json >"\(out)/r$r.$i" 2>"\(out)/r$r.$i.err"; echo $? >"\(out)/r$r.$i.code"
      done ) & done
      wait
      """
    let ran = try cli.shell(script)
    #expect(ran.code == 0, "\(ran.stderr)")
    for writer in 1...2 {
      let said = try Self.read("\(out)/w\(writer)")
      #expect(try Self.read("\(out)/w\(writer).code") == "0\n", "\(said)")
      #expect(said == "generated 20000 feed items\n")
    }
    for reader in 1...4 {
      for pass in 1...3 {
        let name = "\(out)/r\(reader).\(pass)"
        let errors = try Self.read(name + ".err")
        #expect(try Self.read(name + ".code") == "0\n", "\(errors)")
        #expect(errors.isEmpty)
        // A reader sees a whole snapshot: before, between or after the writers' transactions, never a part.
        let items = try Self.read(name).components(separatedBy: #""kind": "feed_item""#).count - 1
        #expect([6, 20_006, 40_006].contains(items), "reader \(reader) pass \(pass) saw \(items) feed items")
      }
    }
    #expect(
      try database.query("SELECT count(*), count(DISTINCT id), min(position), max(position) FROM feed_item")
        == "40006|40006|1|40006")
    if backend == .sqlite { #expect(try database.query("PRAGMA integrity_check") == "ok") }
  }

  static func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }
}
