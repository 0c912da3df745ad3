import FeedStore
import Foundation
import Testing

@Suite struct SeedFolderTests {
  private func makeFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("seeds-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func readingAFolderGivesItsVisibleFilesByName() throws {
    let url = try makeFolder()
    try Data("{\"firstName\": \"Zoë\"}".utf8).write(to: url.appendingPathComponent("profile.json"))
    try Data("[]".utf8).write(to: url.appendingPathComponent("feed_items.json"))
    try Data("x".utf8).write(to: url.appendingPathComponent(".DS_Store"))
    try FileManager.default.createDirectory(at: url.appendingPathComponent("nested"), withIntermediateDirectories: true)
    let folder = try SeedFolder.read(at: url.path)
    #expect(folder.location == url.path)
    #expect(folder.files.keys.sorted() == ["feed_items.json", "profile.json"])
    #expect(folder.files["profile.json"] == Data("{\"firstName\": \"Zoë\"}".utf8))
  }

  @Test func anEmptyFolderHasNoFiles() throws {
    #expect(try SeedFolder.read(at: makeFolder().path).files.isEmpty)
  }

  @Test func aMissingFolderIsAStoreErrorNamingIt() throws {
    let path = try makeFolder().appendingPathComponent("missing").path
    #expect(throws: StoreError(path: path, problem: "the seed folder does not exist")) {
      try SeedFolder.read(at: path)
    }
  }

  @Test func aFileGivenAsTheFolderIsAStoreError() throws {
    let file = try makeFolder().appendingPathComponent("profile.json")
    try Data("{}".utf8).write(to: file)
    #expect(throws: StoreError(path: file.path, problem: "not a folder (expected a seed folder)")) {
      try SeedFolder.read(at: file.path)
    }
  }
}
