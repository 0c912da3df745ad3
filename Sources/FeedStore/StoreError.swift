/// An input the store needs is missing or unreadable: a seed folder or one of its files. The CLI exits 66.
///
///     /tmp/seeds: the seed folder does not exist
public struct StoreError: Error, CustomStringConvertible, Sendable, Hashable {
  /// The folder or file concerned.
  public let path: String
  /// What is wrong with it.
  public let problem: String

  /// Creates an error about `path`.
  public init(path: String, problem: String) {
    self.path = path
    self.problem = problem
  }

  /// `path: problem`.
  public var description: String { "\(path): \(problem)" }
}
