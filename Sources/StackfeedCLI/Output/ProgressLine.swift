/// A progress line on stderr (`generating 350000 / 1000000 feed items`), redrawn in place; shown only when
/// stderr is a terminal.
final class ProgressLine {
  private let errors: Output
  private let total: Int
  private let rows: String
  private let verb: String
  private let enabled: Bool
  private var shown = false

  /// A line for `total` rows called `rows` (e.g. `feed items`) that are being made as `verb` says (`drawing`).
  init(errors: Output, total: Int, rows: String, verb: String = "generating") {
    self.errors = errors
    self.total = total
    self.rows = rows
    self.verb = verb
    self.enabled = errors.isTerminal && total > 0
  }

  /// Redraws the line with `done` rows.
  func show(_ done: Int) {
    guard enabled else { return }
    shown = true
    try? errors.write("\r\(verb) \(done) / \(total) \(rows)")
    try? errors.flush()
  }

  /// Ends the line when one was drawn.
  func finish() {
    guard shown else { return }
    try? errors.write("\n")
    try? errors.flush()
  }
}
