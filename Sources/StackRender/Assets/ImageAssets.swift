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

/// A folder of image files that renderers draw instead of placeholders.
///
/// The image named `hoodie` is the first of `hoodie.png`, `hoodie.jpg`, `hoodie.svg` found
/// directly in the folder. Lookups never read outside it: names with a path separator, a NUL,
/// or a leading dot are refused, and the file's real path (symbolic links resolved) must lie
/// inside the folder's real path.
///
/// ```swift
/// let assets = ImageAssets(folder: URL(fileURLWithPath: "Assets"))
/// assets.image(named: "hoodie")?.dataURI   // "data:image/png;base64,…"
/// ```
public struct ImageAssets: Sendable {
  /// The folder as given.
  public let folder: URL
  /// The folder's real path, or nil when it does not exist (then every lookup finds nothing).
  private let realFolder: String?

  /// File extensions tried, in order, with their media types.
  static let kinds: [(pathExtension: String, mediaType: String)] = [
    ("png", "image/png"), ("jpg", "image/jpeg"), ("svg", "image/svg+xml"),
  ]

  /// Uses the images in `folder`.
  public init(folder: URL) {
    self.folder = folder
    realFolder = Self.realPath(folder.path)
  }

  /// The image file for `name`, read from the folder; nil when there is none or the name is refused.
  public func image(named name: String) -> ImageAsset? {
    guard let realFolder, Self.isPlainName(name) else { return nil }
    let inside = realFolder.hasSuffix("/") ? realFolder : realFolder + "/"
    for kind in Self.kinds {
      let candidate = inside + name + "." + kind.pathExtension
      guard let resolved = Self.realPath(candidate), resolved.hasPrefix(inside), Self.isRegularFile(resolved),
        let data = FileManager.default.contents(atPath: resolved)
      else { continue }
      return ImageAsset(name: name, mediaType: kind.mediaType, data: data)
    }
    return nil
  }

  /// Whether `name` is a single file-name stem: not empty, no separator, no NUL, no leading dot.
  static func isPlainName(_ name: String) -> Bool {
    !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\")
      && !name.unicodeScalars.contains("\0")
  }

  /// Whether `path` is a regular file.
  static func isRegularFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
  }

  /// The canonical absolute path of an existing file or folder (symbolic links, `.` and `..` resolved: Foundation
  /// asks `realpath(3)`), else nil.
  static func realPath(_ path: String) -> String? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  }
}
