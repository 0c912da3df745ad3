import Foundation

/// Files of the repository as they are on disk, for the tests that compare them with what a bundle target compiled
/// into the binary (`scripts/generate-bundle.sh`).
public enum RepositoryFiles {
  /// The repository's root folder, found from this file: Tests/StackfeedTestSupport/RepositoryFiles.swift.
  public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Every non-hidden file at or under each of `paths` (relative to the root: a folder such as `Migrations/order`
  /// or a file such as `docs/openapi.json`), by path relative to the root; nothing for a path that is not there.
  public static func files(under paths: [String]) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for path in paths {
      let url = root.appendingPathComponent(path)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { continue }
      guard isFolder.boolValue else {
        files[path] = try Data(contentsOf: url)
        continue
      }
      for case let relative as String in FileManager.default.enumerator(atPath: url.path) ?? .init() {
        let file = url.appendingPathComponent(relative)
        let hidden = relative.split(separator: "/").contains { $0.hasPrefix(".") }
        guard !hidden, FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue
        else { continue }
        files["\(path)/\(relative)"] = try Data(contentsOf: file)
      }
    }
    return files
  }

  /// The owners' folders in `Migrations/` and `Seeds/` (`account`, `feed_item`, …), sorted: each owner's files
  /// are in folders of its name.
  public static func owners() throws -> [String] {
    var owners: Set<String> = []
    for folder in ["Migrations", "Seeds"] {
      for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
      where !name.hasPrefix(".") {
        owners.insert(name)
      }
    }
    return owners.sorted()
  }
}
