import Foundation
import StackfeedTestSupport
import Testing

/// What `serve` does before it needs libmicrohttpd, and without it: the package builds and every other
/// command runs on a machine without the library (docs/DEVELOPING.md, "What a machine needs").
@Suite("serve: options, and a machine without libmicrohttpd")
struct LibraryTests {
  @Test("--help shows the options; a bad option is exit 64")
  func help() throws {
    let server = try ServerProcess()
    let help = try server.run(["serve", "--help"])
    #expect(help.code == 0)
    for option in ["--host", "--port", "--threads", "--quiet", "--db"] { #expect(help.stdout.contains(option)) }
    #expect(try server.run(["serve", "--port", "70000"]).code == 64)
    #expect(try server.run(["serve", "--threads", "x"]).code == 64)
  }

  // Enabled only where the library cannot be loaded, so serve cannot start and `run` returns.
  @Test(
    "without libmicrohttpd12, serve exits 74 with one sentence naming the package and changes nothing; list works",
    .enabled(if: !OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.installedNote))
  func withoutLibrary() throws {
    let server = try ServerProcess()
    let serve = try server.run(["serve", "--port", "0"])
    #expect(serve.code == 74)
    #expect(
      serve.stderr.hasPrefix(
        "stackfeed: serving needs GNU libmicrohttpd (apt-get install libmicrohttpd12): cannot load libmicrohttpd.so.12 ("
      ), "\(serve.stderr)")
    #expect(serve.stderr.filter { $0 == "\n" }.count == 1)
    let defaultDatabase = server.path("data/stackfeed/stackfeed.sqlite")
    #expect(!FileManager.default.fileExists(atPath: defaultDatabase), "serve created the default database")
    let list = try server.run(["list", "--limit", "1"])
    #expect(list.code == 0, "\(list.stderr)")
    #expect(list.stdout.contains("HI, RUSSELL"))
  }
}
