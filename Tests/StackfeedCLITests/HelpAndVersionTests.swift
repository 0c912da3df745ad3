import Foundation
import Testing

/// `stackfeed help [COMMAND]`, `--version`, and the options that apply to one command only.
@Suite struct HelpAndVersionTests {
  @Test(arguments: [[], ["list"], ["layout"], ["seed"], ["help"]])
  func helpCommandPrintsWhatHelpFlagPrints(command: [String]) throws {
    let cli = try CLIHarness()
    let viaCommand = try cli.run(["help"] + command)
    let viaFlag = try cli.run(command + ["--help"])
    #expect(viaCommand.code == 0)
    #expect(viaCommand.stdout == viaFlag.stdout)
    #expect(viaCommand.stdout.hasPrefix("usage: stackfeed \(command.first ?? "<command>")"))
    #expect(viaCommand.stderr.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
  }

  @Test func helpForAnUnknownCommandExits64() throws {
    let result = try CLIHarness().run(["help", "frobnicate"])
    #expect(result.code == 64)
    #expect(result.stderr == "stackfeed: unknown command \"frobnicate\"\nusage: stackfeed help [COMMAND]\n")
  }

  @Test(arguments: [["--version"], ["list", "--version"]])
  func versionPrintsTheVersionAndTouchesNothing(arguments: [String]) throws {
    let cli = try CLIHarness()
    let result = try cli.run(arguments)
    #expect(result.code == 0)
    #expect(result.stdout == "stackfeed 0.1.0\n")
    #expect(result.stderr.isEmpty)
    #expect(!FileManager.default.fileExists(atPath: cli.defaultDatabase))
  }

  /// The global options a command's help ends with: `--db` and its continuation lines only where it applies.
  @Test(arguments: [("layout", false), ("help", false), ("list", true), ("serve", true)])
  func helpEndsWithTheGlobalOptionsThatApply(command: String, usesDatabase: Bool) throws {
    let help = try CLIHarness().run([command, "--help"]).stdout
    let global = try #require(help.split(separator: "Global options:\n").last)
    let database = """
        --db PATH     the database file; else $STACKFEED_DB, else $XDG_DATA_HOME/stackfeed/stackfeed.sqlite
                      (~/.local/share/stackfeed/stackfeed.sqlite when XDG_DATA_HOME is unset);
                      a postgres:// or postgresql:// URL for a PostgreSQL database

      """
    let always = """
        -h, --help    show help for the command (also: stackfeed help COMMAND)
        --version     print stackfeed's version

      """
    #expect(global == (usesDatabase ? database : "") + always)
  }

  @Test(arguments: [["layout"], ["help"]])
  func dbIsRefusedWhereNoDatabaseIsUsed(command: [String]) throws {
    let cli = try CLIHarness()
    let result = try cli.run(command + ["--db", cli.path("x.sqlite")])
    #expect(result.code == 64)
    #expect(result.stderr.hasPrefix("stackfeed: --db does not apply: \(command[0]) uses no database\n"))
    #expect(!FileManager.default.fileExists(atPath: cli.path("x.sqlite")))
  }

  /// `layout` and `render` take the same widths: 1 … 10000 points.
  @Test(arguments: ["0", "-1", "0.5", "10001", "nan", "inf", "wide"])
  func layoutAndRenderRefuseTheSameWidths(width: String) throws {
    let cli = try CLIHarness()
    for command in [["layout", "-"], ["render"]] {
      let result = try cli.run(command + ["--width", width])
      #expect(result.code == 64)
      #expect(
        result.stderr.hasPrefix("stackfeed: --width takes a number of points from 1 to 10000, not \"\(width)\"\n"))
    }
  }

  @Test(arguments: ["1", "10000"])
  func layoutTakesTheWidthsRenderTakes(width: String) throws {
    let cli = try CLIHarness()
    let file = cli.path("tree.json")
    try Data(#"{"type": "box", "height": 5}"#.utf8).write(to: URL(fileURLWithPath: file))
    let result = try cli.run(["layout", "--width", width, file])
    #expect(result.code == 0)
    #expect(result.stdout.contains(#""frame": {"x": 0, "y": 0, "width": \#(width), "height": 5}"#))
  }
}
