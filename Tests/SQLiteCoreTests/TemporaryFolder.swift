import Foundation

/// A fresh folder under the system temporary directory, for tests that need real database files.
struct TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("sqlitecore-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// The path of `name` inside the folder.
  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }
}
