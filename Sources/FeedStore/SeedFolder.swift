#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files of a seed folder, by file name, read from disk or from the bundles (each owner's `Seeds/<owner>/`,
/// gathered by FeedPlugins' `PluginRegistry.defaultSeedFolder`). Parsing them is the plugins' business: each
/// plugin reads its own files (see `contract.md` for the format).
///
///     let folder = try SeedFolder.read(at: "/tmp/seeds")   // or registry.defaultSeedFolder
///     let profile = folder.files["profile.json"]
public struct SeedFolder: Sendable, Hashable {
  /// Where the files came from, for messages: the folder's path, or ``bundledLocation``.
  public let location: String
  /// File name → bytes, e.g. `"feed_items.json"`: the regular, non-hidden files directly in the folder, and
  /// those of its `images/` folder as `"images/NAME"` (``ImageSeedLoader``).
  public let files: [String: Data]

  /// A folder of the given files.
  public init(location: String, files: [String: Data]) {
    self.location = location
    self.files = files
  }

  /// How messages name the seed files compiled into the binary (the reference screen, whoever owns each file).
  public static let bundledLocation = "bundled Seeds/"

  /// Reads every regular, non-hidden file directly in the folder at `path`, and in its `images/` folder.
  ///
  /// Throws a `StoreError` (exit 66) when the folder is missing, is not a folder, or a file cannot be read.
  public static func read(at path: String) throws -> SeedFolder {
    guard let isFolder = Self.isFolder(path) else {
      throw StoreError(path: path, problem: "the seed folder does not exist")
    }
    guard isFolder else { throw StoreError(path: path, problem: "not a folder (expected a seed folder)") }
    var files = try Self.files(in: path, as: "")
    let images = (path.hasSuffix("/") ? path : path + "/") + ImageSeedLoader.folder
    if Self.isFolder(images) == true {
      files.merge(try Self.files(in: images, as: ImageSeedLoader.folder)) { first, _ in first }
    }
    return SeedFolder(location: path, files: files)
  }

  /// The regular, non-hidden files directly in the folder at `path`, each named `prefix` and its name.
  private static func files(in path: String, as prefix: String) throws -> [String: Data] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: path)
    } catch {
      throw StoreError(path: path, problem: "the seed folder cannot be read")
    }
    let folder = path.hasSuffix("/") ? path : path + "/"
    var files: [String: Data] = [:]
    for name in names where !name.hasPrefix(".") {
      let file = folder + name
      guard Self.isFolder(file) == false else { continue }
      do {
        files[prefix + name] = try Data(contentsOf: URL(fileURLWithPath: file, isDirectory: false))
      } catch {
        throw StoreError(path: file, problem: "the seed file cannot be read")
      }
    }
    return files
  }

  /// Whether `path` is a folder (symbolic links followed); nil when nothing is there.
  private static func isFolder(_ path: String) -> Bool? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT == S_IFDIR
  }
}
