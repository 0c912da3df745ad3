import Foundation

extension Process {
  /// Starts the process with no signal blocked, as a shell starts it. A child inherits the signal mask of the
  /// thread that spawns it, and a test thread may have SIGINT and SIGTERM blocked (`serve` and `watch` run in
  /// process block them on the thread they run on, and threads started meanwhile keep the mask): a child started
  /// from such a thread would ignore those signals until it set its own mask, and a test of how it stops could
  /// pass by accident.
  public func runUnblocked() throws {
    var none = sigset_t()
    sigemptyset(&none)
    var before = sigset_t()
    pthread_sigmask(SIG_SETMASK, &none, &before)
    defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
    try run()
  }
}
