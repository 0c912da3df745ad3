import FeedOptions

/// A command line being parsed: options are taken out as they are read, and whatever is left is an error.
///
///     var arguments = Arguments(["--limit", "20", "--format=json"])
///     let limit = try arguments.pageLimit()                      // 20
///     let format = try arguments.option("--format")              // "json"
///     try arguments.finish()                                     // nothing left: ok
public struct Arguments: Sendable {
  /// The arguments not taken yet, in order.
  public private(set) var remaining: [String]

  /// Wraps the arguments that follow the command name.
  public init(_ arguments: [String]) {
    remaining = arguments
  }

  /// Takes `name VALUE` or `name=VALUE`; `nil` when absent. Throws when the value is missing or the option is
  /// given twice.
  public mutating func option(_ name: String) throws(UsageError) -> String? {
    var value: String?
    var index = 0
    while index < remaining.count {
      let argument = remaining[index]
      var found: String?
      if argument == name {
        guard index + 1 < remaining.count else { throw UsageError("\(name) needs a value") }
        found = remaining[index + 1]
        remaining.removeSubrange(index...(index + 1))
      } else if argument.hasPrefix(name + "=") {
        found = String(argument.dropFirst(name.count + 1))
        remaining.remove(at: index)
      } else {
        index += 1
        continue
      }
      guard value == nil else { throw UsageError("\(name) is given more than once") }
      value = found
    }
    return value
  }

  /// Takes the flag `name`; true when it was there.
  public mutating func flag(_ name: String) -> Bool {
    let count = remaining.count
    remaining.removeAll { $0 == name }
    return remaining.count != count
  }

  /// Takes the next argument that is not an option (a file name); `nil` when there is none.
  public mutating func positional() -> String? {
    guard let index = remaining.firstIndex(where: { $0 == "-" || !$0.hasPrefix("-") }) else { return nil }
    return remaining.remove(at: index)
  }

  /// Throws when arguments are left over: an unknown option or an extra argument.
  public func finish() throws(UsageError) {
    guard let first = remaining.first else { return }
    throw UsageError(first.hasPrefix("-") ? "unknown option \(first)" : "unexpected argument \"\(first)\"")
  }
}

/// Bad usage of the command line: exit 64, with the message and the command's usage on stderr.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was wrong, e.g. `unknown option --limt`.
  public var description: String

  /// Creates a usage error.
  public init(_ description: String) {
    self.description = description
  }
}

extension Arguments: OptionSource {
  /// A bad option is bad usage of the command line.
  public typealias Failure = UsageError

  /// `--name`.
  public func spelling(of name: String) -> String {
    "--" + name
  }

  /// A usage error saying `message`.
  public func failure(option name: String, _ message: String) -> UsageError {
    UsageError(message)
  }

  /// Takes `--name VALUE` or `--name=VALUE` (``option(_:)``).
  public mutating func value(of name: String) throws(UsageError) -> String? {
    try option("--" + name)
  }

  /// Takes the flag `--name` (``flag(_:)``).
  public mutating func flag(named name: String) -> Bool {
    flag("--" + name)
  }
}
