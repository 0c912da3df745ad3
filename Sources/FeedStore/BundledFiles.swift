import CStackfeedBundle

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The files a C bundle target compiles into the binary (C23 `#embed`, `scripts/generate-bundle.sh`), so that
/// `swift run`, the tests and a release binary copied anywhere all carry them. Each owner's files are in folders
/// of its own (``owned(by:)``): the core's bundle (``core``) holds the accounts', `docs/openapi.json` and the icons
/// (`Icons/`, ``BundledIcons``), and a
/// plugin module with files of its own has a bundle target of its own (BuiltInPlugins' `CBuiltInPluginsBundle`).
///
/// Regenerate the tables with `scripts/generate-bundle.sh` after adding, renaming or removing a file;
/// `BundledFilesTests` fails while the core's is out of date.
///
///     let document = BundledFiles.core.files(in: "docs")["openapi.json"]
public struct BundledFiles: Sendable {
  /// Every file, sorted by path (`Migrations/account/0004_account_users.sql`, `Seeds/account/profile.json`, …).
  public let all: [BundledFile]

  /// The given files.
  public init(_ files: [BundledFile]) {
    all = files
  }

  /// The files of a bundle target's table (`stackfeed_core_bundle`, `stackfeed_built_in_plugins_bundle`).
  public init(_ bundle: StackfeedBundle) {
    let table = UnsafeBufferPointer(start: bundle.files, count: Int(bundle.count))
    self.init(
      table.compactMap { entry in
        guard let path = entry.path else { return nil }
        let data = entry.bytes.map { Data(bytes: $0, count: Int(entry.length)) } ?? Data()
        return BundledFile(path: String(cString: path), data: data)
      })
  }

  /// The core's files: the accounts' migrations and seed (``accounts``), `docs/openapi.json` and `Icons/`.
  public static let core = BundledFiles(stackfeed_core_bundle)

  /// The files directly in `folder` (`"docs"`, `"Seeds/account"`), by file name.
  public func files(in folder: String) -> [String: Data] {
    let prefix = folder + "/"
    var files: [String: Data] = [:]
    for file in all where file.path.hasPrefix(prefix) && !file.path.dropFirst(prefix.count).contains("/") {
      files[String(file.path.dropFirst(prefix.count))] = file.data
    }
    return files
  }
}

/// One file compiled into the binary.
public struct BundledFile: Sendable, Hashable {
  /// The path relative to the package root, e.g. `Seeds/account/profile.json`.
  public let path: String
  /// The file's bytes.
  public let data: Data

  /// A file at `path` holding `data`.
  public init(path: String, data: Data) {
    self.path = path
    self.data = data
  }
}
