import Foundation

/// A temporary folder laid out as `outside/` (files that must never be read) and
/// `outside/assets/` (the assets folder), removed by `remove()`.
struct AssetFolder {
  /// A valid 1 × 1 PNG.
  static let png =
    Data(
      base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")
    ?? Data()

  let root: URL
  var assets: URL { root.appendingPathComponent("assets") }

  init() throws {
    root = FileManager.default.temporaryDirectory.appendingPathComponent("stackrender-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
  }

  /// Writes `data` to `name` under the root (e.g. `assets/hoodie.png` or `secret.png`).
  func write(_ name: String, _ data: Data) throws {
    try data.write(to: root.appendingPathComponent(name))
  }

  /// Creates a symbolic link at `name` under the root pointing at `target` (as written).
  func link(_ name: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(
      atPath: root.appendingPathComponent(name).path, withDestinationPath: target)
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}
