import SQLCore
import SQLiteCore
import Testing

@Suite struct TextBindingTests {
  @Test(arguments: [0, 1, 36, 255, 256, 257, 10_000])
  func aTextOfAnyLengthReadsBackUnchanged(length: Int) throws {
    let db = try Database.inMemory()
    let text = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
    #expect(
      try db.queryOne("SELECT ?, length(?1), typeof(?1)", [.text(text)]) { $0.values } == [
        .text(text), .integer(Int64(length)), .text("text"),
      ])
  }

  @Test func rebindingOneParameterRowAfterRowKeepsEveryRowsOwnText() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (a TEXT, b TEXT)")
    let insert = try db.prepare("INSERT INTO t (a, b) VALUES (?, ?)")
    let texts = ["a much longer first text", "short", "", "é🏃‍♀️", String(repeating: "x", count: 300), "mid"]
    try db.write {
      for (index, text) in texts.enumerated() {
        insert.reset()
        try insert.bind(text, at: 1)
        try insert.bind(utf8: Array("row \(index)".utf8).span, at: 2)
        try insert.step()
      }
    }
    let rows = try db.queryAll("SELECT a, b FROM t ORDER BY rowid") { [try $0.string(at: 0), try $0.string(at: 1)] }
    #expect(rows == texts.enumerated().map { [$0.element, "row \($0.offset)"] })
  }

  @Test(arguments: [0, 36, 256, 257])
  func bytesBoundAsUTF8ReadBackAsTextOfTheirLength(length: Int) throws {
    let db = try Database.inMemory()
    let select = try db.prepare("SELECT ?, typeof(?1)")
    let bytes = [UInt8](repeating: UInt8(ascii: "u"), count: length)
    try select.bind(utf8: bytes.span, at: 1)
    #expect(try select.step())
    #expect(select.row.values == [.text(String(repeating: "u", count: length)), .text("text")])
    select.reset()
  }

  @Test func bindingWhileARowIsPendingIsRefusedAndLeavesTheRowIntact() throws {
    let db = try Database.inMemory()
    let select = try db.prepare("SELECT ?")
    try select.bind("first", at: 1)
    #expect(try select.step())
    let error = #expect(throws: DatabaseError.self) { try select.bind("second", at: 1) }
    #expect(error?.isMisuse == true)
    #expect(try select.row.string(at: 0) == "first")
    select.reset()
  }

  @Test func bindingAParameterThatDoesNotExistIsARangeError() throws {
    let db = try Database.inMemory()
    let select = try db.prepare("SELECT ?")
    let error = #expect(throws: DatabaseError.self) { try select.bind("x", at: 2) }
    #expect(error?.primaryCode == 25)  // SQLITE_RANGE
  }
}
