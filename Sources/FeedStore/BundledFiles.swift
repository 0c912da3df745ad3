import CStackfeedBundle

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The files of `Migrations/` and `Seeds/`, and `docs/openapi.json` (what `GET /openapi.json` answers), compiled
/// into the binary by `CStackfeedBundle` (C23 `#embed`), so that `swift run`, the tests and a release binary
/// copied anywhere all carry them.
///
/// Regenerate the table with `scripts/generate-bundle.sh` after adding, renaming or removing a file;
/// `BundledFilesTests` fails while it is out of date.
///
///     let profile = BundledFiles.files(in: "Seeds")["profile.json"]
public enum BundledFiles {
  /// Every bundled file, sorted by path (`Migrations/0001_feed_item_create.sql`, `Seeds/profile.json`, …).
  public static let all: [BundledFile] = (0..<Int(stackfeed_bundled_file_count)).compactMap { index in
    guard let entry = stackfeed_bundled_file(UInt(index))?.pointee, let path = entry.path else { return nil }
    let data = entry.bytes.map { Data(bytes: $0, count: Int(entry.length)) } ?? Data()
    return BundledFile(path: String(cString: path), data: data)
  }

  /// The files directly in `folder` (`"Migrations"`, `"Seeds"` or `"docs"`), by file name.
  public static func files(in folder: String) -> [String: Data] {
    let prefix = folder + "/"
    var files: [String: Data] = [:]
    for file in all where file.path.hasPrefix(prefix) {
      files[String(file.path.dropFirst(prefix.count))] = file.data
    }
    return files
  }
}

/// One file compiled into the binary.
public struct BundledFile: Sendable, Hashable {
  /// The path relative to the package root, e.g. `Seeds/profile.json`.
  public let path: String
  /// The file's bytes.
  public let data: Data
}
