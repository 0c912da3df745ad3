import StackLayout
import Testing

@testable import StackRender

/// The SVG body moves to a temporary file past `spillSize` bytes (issue 6: memory stays flat as the feed
/// grows); the picture must come out the same, byte for byte.
@Suite("SVG spill")
struct SVGSpillTests {
  @Test("a body spilled after every row, or after a few, gives the same picture", arguments: [1, 3_000])
  func spillingKeepsThePictureIdentical(spillSize: Int) throws {
    let rows = (0..<40).map { index in
      SampleFeeds.row("item", "row-\(index) é🙂", Text("TEXT \(index) ünïcødé 🙂"), width: 200)
    }
    let whole = try SVGRenderer().render(rows, width: 200)
    var spilling = SVGRenderer()
    spilling.spillSize = spillSize
    #expect(whole.utf8.count > 3 * 3_000)
    #expect(try spilling.render(rows, width: 200) == whole)
  }

  static let parts = (0..<8).map { "<part \($0) é🙂 \(String(repeating: "x", count: $0 * 7))/>\n" }

  /// (which append fails, how many of its bytes still reach the storage). A failed append used to leave
  /// its bytes in the file unaccounted for (read back as the start of the next part), and the parts after
  /// it went to the file again while it waited in memory (replayed out of order).
  static let failures: [(failingAppend: Int, bytesWritten: Int)] = [
    (0, 0), (0, 5), (2, 0), (2, 1), (2, 9), (7, 3),
  ]

  @Test("a failed or short write to the storage loses nothing and keeps the order", arguments: failures)
  func failedWriteKeepsEveryPartInOrder(failingAppend: Int, bytesWritten: Int) throws {
    let storage = FlakyStorage(failingAppend: failingAppend, bytesWritten: bytesWritten)
    let spill = BodySpill { storage }
    for part in Self.parts { spill.keep(part) }
    var replayed = ""
    try spill.replay(to: &replayed)
    #expect(replayed == Self.parts.joined())
    #expect(storage.appends == failingAppend + 1, "no write after the failed one")
  }

  @Test("without a storage every part stays in memory")
  func noStorageKeepsPartsInMemory() throws {
    let spill = BodySpill { nil }
    for part in Self.parts { spill.keep(part) }
    var replayed = ""
    try spill.replay(to: &replayed)
    #expect(replayed == Self.parts.joined())
  }

  @Test("a part the storage cannot give back is an error naming the file and the reason, not a trap")
  func failedReadBackThrows() throws {
    let storage = UnreadableStorage()
    let spill = BodySpill { storage }
    for part in Self.parts { spill.keep(part) }
    var replayed = ""
    let error = #expect(throws: RenderError.self) { try spill.replay(to: &replayed) }
    #expect(
      error?.description
        == "cannot read back the drawn SVG body from its temporary file: pread: Input/output error")
  }

  @Test("the temporary file gives back non-ASCII parts byte for byte")
  func spillFileRoundTrip() throws {
    let file = try SpillFile()
    var offset = 0
    for part in Self.parts {
      try file.append(part)
      offset += part.utf8.count
    }
    var position = 0
    for part in Self.parts {
      #expect(try file.read(at: position, count: part.utf8.count) == part)
      position += part.utf8.count
    }
    #expect(position == offset)
    #expect(throws: (any Error).self) { try file.read(at: offset, count: 1) }
  }
}

/// A storage whose append number `failingAppend` stores only `bytesWritten` bytes and throws; later appends
/// would succeed (as a disk that was full for a moment).
final class FlakyStorage: SpillStorage {
  let failingAppend: Int
  let bytesWritten: Int
  private(set) var appends = 0
  private var bytes: [UInt8] = []

  init(failingAppend: Int, bytesWritten: Int) {
    self.failingAppend = failingAppend
    self.bytesWritten = bytesWritten
  }

  struct ShortWrite: Error {}

  func append(_ part: String) throws {
    defer { appends += 1 }
    guard appends != failingAppend else {
      bytes += part.utf8.prefix(bytesWritten)
      throw ShortWrite()
    }
    bytes += part.utf8
  }

  func read(at offset: Int, count: Int) throws -> String {
    String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
  }
}

/// A storage that takes every part and gives none back, as a temporary file on a failing disk.
final class UnreadableStorage: SpillStorage {
  struct ReadFailure: Error, CustomStringConvertible {
    var description: String { "pread: Input/output error" }
  }

  func append(_ part: String) throws {}

  func read(at offset: Int, count: Int) throws -> String {
    throw ReadFailure()
  }
}
