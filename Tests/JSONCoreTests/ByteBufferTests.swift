import Testing

@testable import JSONCore

/// The byte buffer: growth at and around every boundary keeps every byte.
@Suite struct ByteBufferTests {
  /// Appends pieces of the given sizes in every way the buffer takes bytes, starting from `capacity`.
  @Test(arguments: [1, 15, 16, 17, 31, 32, 33, 64])
  func growthAtEveryBoundaryKeepsEveryByte(capacity: Int) {
    var buffer = ByteBuffer(capacity: capacity)
    var expected: [UInt8] = []
    var next: UInt8 = 0
    for size in [0, 1, 15, 16, 17, 1, 31, 32, 33, 18, 19, 100, 0, 257, 34, 129, 258, 1] {
      let piece = (0..<size).map { _ in
        next &+= 1
        return next
      }
      switch size % 5 {
      case 0: piece.withUnsafeBufferPointer { buffer.append($0) }
      case 1: for byte in piece { buffer.append(byte) }
      case 2: buffer.append(String(decoding: piece.map { $0 & 0x7F }, as: UTF8.self))
      case 3: buffer.append(piece.span)
      default: buffer.append(piece.span) { $0 ^ 0x55 }
      }
      switch size % 5 {
      case 2: expected += piece.map { $0 & 0x7F }
      case 4: expected += piece.map { $0 ^ 0x55 }
      default: expected += piece
      }
      #expect(buffer.count == expected.count)
    }
    #expect(buffer.bytes(from: 0) == expected)
    #expect(buffer.bytes(from: 37) == Array(expected[37...]))
    #expect(buffer.bytes(from: expected.count) == [])
    buffer.append(repeating: UInt8(ascii: " "), count: 70)
    buffer.append(repeating: UInt8(ascii: "x"), count: 0)
    expected += [UInt8](repeating: UInt8(ascii: " "), count: 70)
    #expect(buffer.bytes == expected)
    #expect(buffer.last == expected.last)
  }

  @Test func aPieceLargerThanTwiceTheCapacityGrowsOnce() {
    var buffer = ByteBuffer(capacity: 16)
    let text = String(repeating: "0123456789", count: 1000)
    buffer.append(text)
    buffer.append("!")
    #expect(buffer.count == 10_001)
    #expect(buffer.text == text + "!")
  }

  @Test func nonASCIITextIsCopiedAsUTF8() {
    var buffer = ByteBuffer(capacity: 1)
    for text in ["é", "🙂", "Grüße", "\u{0}", "日本語のテキスト"] { buffer.append(text) }
    #expect(buffer.text == "é🙂Grüße\u{0}日本語のテキスト")
  }

  @Test func removingKeepsTheMemoryAndForgetsTheBytes() {
    var buffer = ByteBuffer(capacity: 16)
    buffer.append("abc")
    buffer.removeLast()
    #expect(buffer.text == "ab")
    buffer.removeAll()
    #expect(buffer.count == 0 && buffer.last == nil)
    buffer.removeLast()
    #expect(buffer.count == 0)
    buffer.append("xyz")
    #expect(buffer.text == "xyz")
  }
}

/// A writer's literal in either style: compact drops the spaces and line feeds between tokens.
@Suite struct ByteBufferStyleTests {
  @Test(arguments: [
    (JSONStyle.indented, "{\"rows\": [\n  {\"kind\": "),
    (JSONStyle.compact, "{\"rows\":[{\"kind\":"),
  ])
  func literal(style: JSONStyle, expected: String) {
    var out = ByteBuffer(capacity: 4)
    out.append(literal: "{\"rows\": [", style: style)
    out.append(literal: "\n  {\"kind\": ", style: style)
    #expect(out.text == expected)
  }
}
