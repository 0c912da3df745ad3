import Foundation
import Testing

/// A shared library that some tests need at run time and a bare machine (only what the README asks for: Swift
/// and libsqlite3-dev) may lack. The package builds without it (it is loaded with `dlopen`, and declared by the
/// package itself, so no -dev package is needed); a test that needs it is enabled only when it loads, and says
/// why when it is skipped. `.ci/run` installs every one, so CI always runs those tests, and
/// `scripts/check-bare-machine.sh` runs them with the library hidden.
///
///     @Suite(.requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
public struct OptionalLibrary: Sendable {
  /// GNU libmicrohttpd, which `stackfeed serve` loads when it starts (ServeTests).
  public static let microhttpd = OptionalLibrary(soname: "libmicrohttpd.so.12", package: "libmicrohttpd12")
  /// libpq, which PostgresCore loads on the first PostgreSQL connection (PostgresCoreTests, with a server:
  /// `PostgresPrograms.areUsable`).
  public static let libpq = OptionalLibrary(soname: "libpq.so.5", package: "libpq5")
  /// libdeflate, which GzipCore loads on the first compression (the HTTP API's gzipped answers: GzipCoreTests,
  /// FeedServerTests, ServeTests; without it the answers are uncompressed).
  public static let deflate = OptionalLibrary(soname: "libdeflate.so.0", package: "libdeflate0")
  /// libvips, which ImageCore loads on the first image decoded (averaged or resized: ImageCoreTests, the image
  /// routes of FeedServerTests; without it the server answers the stored bytes).
  public static let vips = OptionalLibrary(soname: "libvips.so.42", package: "libvips42")

  /// The name the program loads it by.
  public let soname: String
  /// The Debian package that provides it.
  public let package: String

  /// Whether the dynamic loader finds and loads it, as the program does (`dlopen` by soname).
  public var isInstalled: Bool {
    guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else { return false }
    dlclose(handle)
    return true
  }

  /// The reason a test needing the library is skipped.
  public var skipNote: Comment {
    Comment(rawValue: "needs \(soname), which cannot be loaded (apt-get install \(package); .ci/run installs it)")
  }

  /// The reason a test of the library's absence is skipped where it is installed.
  public var installedNote: Comment {
    Comment(
      rawValue: "runs where \(soname) is missing: scripts/check-bare-machine.sh hides it (\(package) is installed)")
  }
}
