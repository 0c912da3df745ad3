import Foundation

/// The files of a seed folder, by file name, read from disk or from the bundle. Parsing them is the plugins'
/// business: each plugin reads its own files (see `contract.md` for the format).
///
///     let folder = try SeedFolder.read(at: "/tmp/seeds")   // or SeedFolder.bundled
///     let profile = folder.files["profile.json"]
public struct SeedFolder: Sendable, Hashable {
  /// Where the files came from, for messages: the folder's path, or `bundled Seeds/`.
  public let location: String
  /// File name → bytes, e.g. `"feed_items.json"`. Only regular, non-hidden files directly in the folder.
  public let files: [String: Data]

  /// A folder of the given files.
  public init(location: String, files: [String: Data]) {
    self.location = location
    self.files = files
  }

  /// The seeds compiled into the binary (the reference screen).
  public static let bundled = SeedFolder(location: "bundled Seeds/", files: BundledFiles.files(in: "Seeds"))

  /// Reads every regular, non-hidden file directly in the folder at `path`.
  ///
  /// Throws a `StoreError` (exit 66) when the folder is missing, is not a folder, or a file cannot be read.
  public static func read(at path: String) throws -> SeedFolder {
    let manager = FileManager.default
    var isFolder: ObjCBool = false
    guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw StoreError(path: path, problem: "the seed folder does not exist")
    }
    guard isFolder.boolValue else { throw StoreError(path: path, problem: "not a folder (expected a seed folder)") }
    let folder = URL(fileURLWithPath: path, isDirectory: true)
    let names: [String]
    do {
      names = try manager.contentsOfDirectory(atPath: path)
    } catch {
      throw StoreError(path: path, problem: "the seed folder cannot be read")
    }
    var files: [String: Data] = [:]
    for name in names where !name.hasPrefix(".") {
      let file = folder.appendingPathComponent(name)
      var isSubfolder: ObjCBool = false
      guard manager.fileExists(atPath: file.path, isDirectory: &isSubfolder), !isSubfolder.boolValue else { continue }
      do {
        files[name] = try Data(contentsOf: file)
      } catch {
        throw StoreError(path: file.path, problem: "the seed file cannot be read")
      }
    }
    return SeedFolder(location: path, files: files)
  }
}
