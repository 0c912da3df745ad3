import Foundation

/// One `stackfeed-bench` subcommand: builds its workload, times it, and returns its figures.
///
/// Adding a benchmark is one file with a type conforming to this protocol, plus its name in
/// `main.swift`'s `commands`.
protocol BenchCommand {
  /// The subcommand, e.g. `layout`.
  static var name: String { get }
  /// One line for `--help`.
  static var summary: String { get }
  /// Runs the benchmark. Throw `BenchError` when a check fails.
  static func run(_ options: BenchOptions) throws -> [Figure]
}

/// A failed self-check or bad usage; the message names what went wrong.
struct BenchError: Error, CustomStringConvertible {
  /// sysexits code: 64 usage, 70 internal (a check failed).
  var code: Int32
  var description: String
}

/// Parses the command line, runs one subcommand, prints its figures.
struct BenchRunner {
  let commands: [any BenchCommand.Type]

  func run(_ arguments: [String]) -> Int32 {
    guard let name = arguments.first, !name.hasPrefix("-") else {
      printUsage()
      return arguments.contains("--help") ? 0 : 64
    }
    guard let command = commands.first(where: { $0.name == name }) else {
      FileHandle.standardError.write(Data("stackfeed-bench: unknown benchmark '\(name)'\n".utf8))
      printUsage()
      return 64
    }
    do {
      let options = try BenchOptions(parsing: Array(arguments.dropFirst()))
      let figures = try command.run(options)
      for figure in figures {
        print(options.json ? figure.jsonLine : figure.textLine)
      }
      return 0
    } catch let error as BenchError {
      FileHandle.standardError.write(Data("stackfeed-bench \(name): \(error.description)\n".utf8))
      return error.code
    } catch {
      FileHandle.standardError.write(Data("stackfeed-bench \(name): \(error)\n".utf8))
      return 70
    }
  }

  private func printUsage() {
    var text = "usage: stackfeed-bench <benchmark> [--cards N] [--reps R] [--json]\n\nbenchmarks:\n"
    for command in commands {
      text += "  \(command.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(command.summary)\n"
    }
    text += "\nRelease builds only: swift build -c release; .build/release/stackfeed-bench layout --json\n"
    FileHandle.standardError.write(Data(text.utf8))
  }
}
