import ImageCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a seed folder's `images/` into the `images` table: each `images/NAME.jpg` (`.jpeg`, `.png`, `.webp`) is
/// the image `NAME`, checked as an upload is (``CheckedImage``: bytes, type by its bytes, dimensions from the
/// header before decoding, decodable); a licence or read-me notice (`LICENSE…`, `NOTICE…`, `README…`) is left
/// alone, and any other file there is refused. The ``Seeder`` runs it after the users, whatever the registry.
///
///     images/tshirt.jpg   →   the image "tshirt", /v1/images/tshirt
public struct ImageSeedLoader: SeedLoader {
  /// The folder of a seed folder that holds the images, as the files' names start.
  public static let folder = "images/"
  /// The file name extensions of images, in lower case.
  public static let extensions: Set<String> = ["jpg", "jpeg", "png", "webp"]
  /// How the names of notices start: files shipped beside the images, never loaded.
  public static let notices = ["LICENSE", "NOTICE", "README"]

  /// Creates the loader.
  public init() {}

  /// None by name: the files of ``folder`` are its own (``holds(_:)``).
  public var seedFiles: [String] { [] }

  /// Whether `file` (a name in a seed folder) is in ``folder``.
  public static func holds(_ file: String) -> Bool {
    file.hasPrefix(folder)
  }

  /// Whether `file` is a notice in ``folder`` (a licence, a read-me): neither loaded nor warned about.
  public static func isNotice(_ file: String) -> Bool {
    holds(file) && notices.contains(where: file.dropFirst(folder.count).hasPrefix)
  }

  /// The images of `files`' ``folder``, by name; `nil` when it has none.
  public func validateSeed(_ files: SeedFiles) throws(SeedError) -> [(info: ImageInfo, bytes: [UInt8])]? {
    let paths = files.contents.keys.filter(Self.holds).sorted()
    guard !paths.isEmpty else { return nil }
    var images: [(info: ImageInfo, bytes: [UInt8])] = []
    var seen: [String: String] = [:]  // image name → its file
    for path in paths {
      if Self.isNotice(path) { continue }
      let fileName = String(path.dropFirst(Self.folder.count))
      guard let dot = fileName.lastIndex(of: "."), Self.extensions.contains(fileName[dot...].dropFirst().lowercased())
      else {
        throw SeedError(
          file: path, problem: "not an image file: \(Self.folder) holds NAME.jpg, .jpeg, .png or .webp (and notices)")
      }
      let name = String(fileName[..<dot])
      if let problem = TextRule.identifier.problem(with: name) {
        throw SeedError(file: path, problem: "the image name \"\(name)\" \(problem)")
      }
      if let first = seen[name] {
        throw SeedError(file: path, problem: "a second image named \"\(name)\" (first: \(first))")
      }
      seen[name] = path
      let bytes = [UInt8](files.contents[path] ?? Data())
      do {
        images.append((try ImageInfo(name: name, checking: bytes), bytes))
      } catch {
        throw SeedError(file: path, problem: error.description)
      }
    }
    return images
  }

  /// Stores each image, replacing the one of its name.
  public func writeSeed(_ seed: [(info: ImageInfo, bytes: [UInt8])], to db: StoreConnection) throws {
    let images = Images(db)
    for image in seed { _ = try images.put(image.info, bytes: image.bytes) }
  }

  /// Deletes every image.
  public func deleteAll(in db: StoreConnection) throws {
    try Images(db).deleteAll()
  }
}
