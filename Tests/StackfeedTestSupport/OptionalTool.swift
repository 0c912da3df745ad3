import Foundation
import Testing

/// A program that some tests need and a bare machine (only what the README asks for: Swift and libsqlite3-dev)
/// may lack. Such a test is enabled only when the program is on `PATH`, and says why when it is skipped
/// (`.requires`, ``MissingRequirement``); `.ci/run` installs every one and sets `STACKFEED_REQUIRE_ALL_TESTS=1`,
/// so CI always runs them (a missing one fails), and `scripts/check-bare-machine.sh` runs those tests
/// with the programs hidden from `PATH`. A shared library a test needs (libmicrohttpd for `serve`) is an
/// ``OptionalLibrary``.
///
///     @Test(.requires(OptionalTool.rsvgConvert.isInstalled, OptionalTool.rsvgConvert.skipNote))
///     func convertsToPNG() throws { … OptionalTool.rsvgConvert.url … }
public struct OptionalTool: Sendable {
  /// SVG to PNG (`apt-get install librsvg2-bin`): proves the SVG pictures are well-formed for a real renderer.
  public static let rsvgConvert = OptionalTool(names: ["rsvg-convert"], package: "librsvg2-bin")
  /// A browser: rasterises the SVG and HTML pictures (TextInkTests), loads the served page (BrowserTests).
  public static let chromium = OptionalTool(names: ["chromium", "chromium-browser"], package: "chromium")
  /// Runs the Python checks in scripts/ (TextInkTests, BrowserTests, OpenAPITests).
  public static let python3 = OptionalTool(names: ["python3"], package: "python3")
  /// The SQLite shell: another process that holds a lock (LifecycleTests).
  public static let sqlite3 = OptionalTool(names: ["sqlite3"], package: "sqlite3")
  /// The C library's own reader of the system's tz database (CivilTimeTests: `ZoneInfo` against it). Part of
  /// Debian's required `libc-bin`, so only a system without the GNU C library's tools lacks it.
  public static let zdump = OptionalTool(names: ["zdump"], package: "libc-bin")
  /// Tells whether the Inter font is installed (TextInkTests).
  public static let fcMatch = OptionalTool(names: ["fc-match"], package: "fontconfig")
  /// Prometheus's own checker of the text exposition format (`promtool check metrics`): `GET /metrics` is what a
  /// Prometheus server reads (MetricsServeTests).
  public static let promtool = OptionalTool(names: ["promtool"], package: "prometheus")
  /// The Swift driver, which reads Package.swift (PackageGraphTests). Not optional (it runs `swift test`):
  /// listed to be found on `PATH` the way the others are.
  public static let swift = OptionalTool(names: ["swift"], package: "swiftlang")

  /// The program's names, looked up on `PATH` in this order (Debian's first).
  public let names: [String]
  /// The Debian package that provides it.
  public let package: String

  /// The program's (first) name.
  public var name: String { names[0] }

  /// The program found on this process's `PATH` under one of its names, or nil.
  public var url: URL? {
    let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
    return names.lazy.flatMap { name in folders.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) } }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Whether the program is on `PATH`.
  public var isInstalled: Bool { url != nil }

  /// The reason a test needing the program is skipped.
  public var skipNote: Comment {
    Comment(rawValue: "needs \(name), which is not on PATH (apt-get install \(package); .ci/run installs it)")
  }
}
