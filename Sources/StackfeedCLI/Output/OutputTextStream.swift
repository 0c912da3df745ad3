/// An ``Output`` as a `TextOutputStream`, for the renderers. A stream's `write` cannot throw, so the first
/// failure is kept (later writes are dropped), `onFailure` is called at once so the producer can stop, and
/// ``finish()`` rethrows it.
struct OutputTextStream: TextOutputStream {
  /// Where the text goes.
  let output: Output
  /// Called once, on the first failed write.
  let onFailure: () -> Void
  private var failure: (any Error)?

  /// Wraps `output`.
  init(output: Output, onFailure: @escaping () -> Void = {}) {
    self.output = output
    self.onFailure = onFailure
  }

  /// Appends `string` to the output, unless a write already failed.
  mutating func write(_ string: String) {
    guard failure == nil else { return }
    do {
      try output.write(string)
    } catch {
      failure = error
      onFailure()
    }
  }

  /// Rethrows the first failed write, if any.
  func finish() throws {
    if let failure { throw failure }
  }
}
