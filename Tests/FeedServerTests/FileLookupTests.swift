import Foundation
import StackfeedTestSupport
import Testing

@testable import FeedServer

@Suite struct FileLookupTests {
  /// A file at `path` with `text` in it, put there by a rename (a new inode), as a database is replaced.
  private func replace(_ path: String, with text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".new"))
    #expect(rename(path + ".new", path) == 0)
  }

  /// Runs `body` with the path of a file, not yet there, in a new folder removed afterwards.
  private func inNewFolder(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder.appendingPathComponent("store.sqlite").path)
  }

  @Test("a file found is the one there until the interval has passed: one look-up for the reads of that time")
  func aFileFoundIsKeptForTheInterval() throws {
    try inNewFolder { path in
      try replace(path, with: "first")
      let first = try #require(FileIdentity(path: path))
      let kept = FileLookup(path: path, interval: .seconds(3600))
      let exact = FileLookup(path: path, interval: .zero)
      #expect(kept.file() == first && exact.file() == first)
      try replace(path, with: "second")
      let second = try #require(FileIdentity(path: path))
      #expect(second != first)
      #expect(kept.file() == first, "not looked up again within the interval")
      #expect(exact.file() == second, "looked up again once the interval has passed")
      let soon = FileLookup(path: path, interval: .milliseconds(10))
      #expect(soon.file() == second)
      try replace(path, with: "third")
      let third = try #require(FileIdentity(path: path))
      try waitUntil(seconds: 5) { soon.file() == third }
    }
  }

  @Test("a missing file is looked up every time: one put back is found at once, whatever the interval")
  func aMissingFileIsLookedUpEveryTime() throws {
    try inNewFolder { path in
      let lookup = FileLookup(path: path, interval: .seconds(3600))
      #expect(lookup.file() == nil)
      try replace(path, with: "back")
      #expect(lookup.file() == FileIdentity(path: path) && lookup.file() != nil)
    }
  }
}
