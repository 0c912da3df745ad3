import FeedOptions
import StackLayout

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `stackfeed layout [--width W] [--height H] [FILE]`: reads one layout tree (JSON, contract.md
/// "Layout trees") from FILE or stdin, lays it out, and prints it back with a frame on every node.
/// Bad JSON, an unknown type or a wrong value exits 65 naming the node path; warnings go to stderr.
struct LayoutCommand: Command {
  static let name = "layout"
  static let summary = "lays out one layout tree (JSON) and prints it back with frames"
  static let usage = "stackfeed layout [--width W] [--height H] \(TraitsHelp.usage) [FILE]"
  static let usesDatabase = false
  static let help = """
      --width W           the root's width in points (default 390), 1 … 10000
      --height H          fixes the root's height, 0 … 1000000 (default: the fitting height, or the root's own
                          height)
    """ + "\n" + TraitsHelp.lines + "\n" + """
        FILE                the JSON tree; standard input when absent or "-"
      """

  var width = LayoutWidth.standard
  var height: Double?
  var file: String?
  /// The traits the tree is laid out for.
  var traits = Traits.default

  init(parsing arguments: inout Arguments) throws(UsageError) {
    width = try arguments.width() ?? width
    height = try arguments.points("height", in: 0...1_000_000)
    traits = try arguments.traits()
    file = arguments.positional()
  }

  func run(in context: CommandContext) throws {
    let source = file.flatMap { $0 == "-" ? nil : $0 }
    let document: LayoutDocument
    do {
      document = try LayoutJSON.decode(try read(source))
    } catch let error as LayoutJSONError {
      throw LayoutInputError(code: ExitCode.dataError, description: "\(source ?? "stdin"): \(error)")
    }
    var engine = LayoutEngine()
    engine.traits = traits
    let result = engine.layout(document.root, width: width, height: height)
    for warning in document.warnings + result.warnings { try context.note("warning: \(warning)") }
    try context.output.write(LayoutJSON.encode(result) + "\n")
  }

  private func read(_ path: String?) throws -> [UInt8] {
    guard let path else {
      guard let bytes = readStandardInput() else {
        throw LayoutInputError(code: ExitCode.ioError, description: "stdin: cannot be read")
      }
      return bytes
    }
    guard FileManager.default.fileExists(atPath: path) else {
      throw LayoutInputError(code: ExitCode.noInput, description: "\(path): no such file")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw LayoutInputError(code: ExitCode.ioError, description: "\(path): cannot be read")
    }
    return Array(data)
  }
}

/// A layout input that cannot be used: bad tree JSON (65), a missing file (66), an unreadable one (74).
struct LayoutInputError: Error, CustomStringConvertible {
  /// The sysexits code.
  var code: Int32
  /// One sentence naming the file and, for bad JSON, the node path.
  var description: String
}

/// Every byte of standard input, read with `read(2)` (`FileHandle` is not in FoundationEssentials); nil on a
/// read error.
private func readStandardInput() -> [UInt8]? {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = read(STDIN_FILENO, &chunk, chunk.count)
    if count == 0 { return bytes }
    if count < 0 {
      if errno == EINTR { continue }
      return nil
    }
    bytes += chunk[..<count]
  }
}
