#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What opening a database that does not exist yet creates: the file, its `-wal`, `-shm` and `-journal`
/// companions, and the missing folders above it. A command that fails removes them again, so that "nothing is
/// written" holds for the file system too: a refused `seed --db NEW` leaves no empty database behind.
///
///     let created = NewDatabaseFiles(database: path)   // nil: the file is already there
///     do { try seed() } catch { created?.remove(); throw error }
struct NewDatabaseFiles {
  /// The database file and its companions.
  let files: [String]
  /// The folders that do not exist yet, deepest first.
  let folders: [String]

  /// Notes what opening `path` would create; nil when the database file exists.
  init?(database path: String) {
    let manager = FileManager.default
    guard !manager.fileExists(atPath: path) else { return nil }
    files = [path] + ["-wal", "-shm", "-journal"].map { path + $0 }
    var folders: [String] = []
    var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    while folder.path != "/" && !manager.fileExists(atPath: folder.path) {
      folders.append(folder.path)
      folder.deleteLastPathComponent()
    }
    self.folders = folders
  }

  /// Removes the files and then the folders, each only if it is there (a folder only if it is empty). Call it
  /// once the database is closed.
  func remove() {
    let manager = FileManager.default
    for file in files where manager.fileExists(atPath: file) { try? manager.removeItem(atPath: file) }
    for folder in folders where (try? manager.contentsOfDirectory(atPath: folder))?.isEmpty == true {
      try? manager.removeItem(atPath: folder)
    }
  }
}
