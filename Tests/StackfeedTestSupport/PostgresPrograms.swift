import Foundation
import Testing

/// The PostgreSQL server programs the tests start a throwaway cluster with (`initdb`, `postgres`, `createdb`, and
/// `pg_basebackup` for a replica), and
/// whether this machine can run those tests at all.
///
/// Debian's `postgresql` package keeps the server programs out of `PATH` (in `/usr/lib/postgresql/VERSION/bin`), so
/// they are looked up on `PATH` first, then in the newest of those folders. `STACKFEED_POSTGRES_BIN`, when set,
/// replaces that second place (an empty value: nowhere), which is how `scripts/check-bare-machine.sh` hides them.
///
///     @Test(.requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
public struct PostgresPrograms: Sendable {
  /// `initdb`: creates the cluster's data folder.
  public let initdb: URL
  /// `postgres`: the server.
  public let postgres: URL
  /// `createdb`: creates a database.
  public let createdb: URL
  /// `pg_basebackup`: copies a running cluster, for a streaming replica (``PostgresCluster/startStandby()``).
  public let basebackup: URL?

  /// The programs found on this machine, or nil when one is missing.
  public static let found: PostgresPrograms? = {
    let folders = searchFolders()
    func find(_ name: String) -> URL? {
      folders.lazy.map { $0.appendingPathComponent(name) }.first {
        FileManager.default.isExecutableFile(atPath: $0.path)
      }
    }
    guard let initdb = find("initdb"), let postgres = find("postgres"), let createdb = find("createdb") else {
      return nil
    }
    return PostgresPrograms(
      initdb: initdb, postgres: postgres, createdb: createdb, basebackup: find("pg_basebackup"))
  }()

  /// Whether tests against a real server can run: the server programs are there and libpq loads.
  public static var areUsable: Bool { found != nil && OptionalLibrary.libpq.isInstalled }

  /// Why a test needing a PostgreSQL server is skipped.
  public static var skipNote: Comment {
    guard found == nil else { return OptionalLibrary.libpq.skipNote }
    return Comment(
      rawValue: "needs a PostgreSQL server: initdb and postgres, which are neither on PATH nor in "
        + "/usr/lib/postgresql/*/bin (apt-get install postgresql; .ci/run installs it)")
  }

  /// `PATH`, then `$STACKFEED_POSTGRES_BIN` when set, else the newest `/usr/lib/postgresql/*/bin`.
  private static func searchFolders() -> [URL] {
    let environment = ProcessInfo.processInfo.environment
    var folders = (environment["PATH"] ?? "").split(separator: ":").map { URL(fileURLWithPath: String($0)) }
    if let override = environment["STACKFEED_POSTGRES_BIN"] {
      if !override.isEmpty { folders.append(URL(fileURLWithPath: override)) }
      return folders
    }
    let root = URL(fileURLWithPath: "/usr/lib/postgresql")
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
    let newestFirst = versions.sorted { (Double($0) ?? 0) > (Double($1) ?? 0) }
    folders += newestFirst.map { root.appendingPathComponent($0).appendingPathComponent("bin") }
    return folders
  }
}
