import Foundation

/// A `GET /metrics` answer (the Prometheus text format) read back for tests: its samples by name and labels, and
/// the `# TYPE` of each family; ``promtoolCheck(_:)`` has Prometheus's own tool judge it.
public struct PrometheusText {
  /// One sample line: `name{label="value",…} number`.
  public struct Sample: Equatable {
    /// The sample's name (a histogram's `_bucket`, `_sum`, `_count` included).
    public var name: String
    /// Its labels.
    public var labels: [String: String]
    /// Its value.
    public var value: Double
  }

  /// The samples, in order.
  public let samples: [Sample]
  /// Each family's type (`counter`, `gauge`, `histogram`) from its `# TYPE` line.
  public let types: [String: String]
  /// The families with a `# HELP` line.
  public let helped: Set<String>

  /// Parses `text`; a line that is neither a comment nor a sample throws.
  public init(_ text: String) throws {
    var samples: [Sample] = []
    var types: [String: String] = [:]
    var helped: Set<String> = []
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ", maxSplits: 3)
      if line.hasPrefix("# TYPE "), words.count == 4 {
        types[String(words[2])] = String(words[3])
      } else if line.hasPrefix("# HELP "), words.count >= 3 {
        helped.insert(String(words[2]))
      } else {
        samples.append(try Self.sample(line))
      }
    }
    self.samples = samples
    self.types = types
    self.helped = helped
  }

  /// The value of the sample `name` with exactly `labels`, if there is one.
  public func value(_ name: String, _ labels: [String: String] = [:]) -> Double? {
    samples.first { $0.name == name && $0.labels == labels }?.value
  }

  /// The samples named `name`.
  public func samples(named name: String) -> [Sample] {
    samples.filter { $0.name == name }
  }

  private static func sample(_ line: Substring) throws -> Sample {
    guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
      throw PrometheusTextError(line: String(line))
    }
    let series = line[..<space]
    guard let brace = series.firstIndex(of: "{") else {
      return Sample(name: String(series), labels: [:], value: value)
    }
    guard series.last == "}" else { throw PrometheusTextError(line: String(line)) }
    var labels: [String: String] = [:]
    // Label values here hold no comma, quote or backslash (route patterns, numbers, versions).
    for pair in series[series.index(after: brace)..<series.index(before: series.endIndex)].split(separator: ",") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[1].hasPrefix("\""), parts[1].hasSuffix("\""), parts[1].count >= 2 else {
        throw PrometheusTextError(line: String(line))
      }
      labels[String(parts[0])] = String(parts[1].dropFirst().dropLast())
    }
    return Sample(name: String(series[..<brace]), labels: labels, value: value)
  }

  /// `promtool check metrics` run on `text` (its standard input): its exit status and what it said. Throws when
  /// promtool is missing (the caller's test requires ``OptionalTool/promtool``).
  public static func promtoolCheck(_ text: String) throws -> (status: Int32, output: String) {
    guard let promtool = OptionalTool.promtool.url else { throw PrometheusTextError(line: "no promtool") }
    let process = Process()
    process.executableURL = promtool
    process.arguments = ["check", "metrics"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.runUnblocked()
    input.fileHandleForWriting.write(Data(text.utf8))
    try input.fileHandleForWriting.close()
    let said = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: said, as: UTF8.self))
  }
}

/// A line of a metrics text that is not in the format.
public struct PrometheusTextError: Error, CustomStringConvertible {
  /// The line.
  public var line: String
  /// What is wrong.
  public var description: String { "not a Prometheus text line: \(line)" }
}
