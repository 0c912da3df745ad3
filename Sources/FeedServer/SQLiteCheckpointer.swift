import Dispatch
import FeedStore
import SQLiteCore
import Synchronization

/// The WAL checkpoints of the server's SQLite store, off the writer's turn (docs/STORAGE.md, "Checkpoints").
///
/// A checkpoint copies the write-ahead log back into the database file and `fsync`s both: on a disk, tens of
/// milliseconds. SQLite runs it inside the `COMMIT` that takes the log past 1,000 pages, on the committing
/// connection; in the server that is its write connection, which every write waits for, so every write waited
/// for the `fsync`s (about every 100 orders; docs/BENCHMARKS.md, "The order, fifth pass"). Here the write
/// connections report each commit's log size (``committed(logPages:)``, `Database.onCommit`) and checkpoint
/// nothing; past ``pages`` this checkpointer's thread, on its own connection, runs a passive checkpoint (what
/// SQLite's automatic one does, without waiting for anyone) while the writes go on. Past ``mostPages`` (the log
/// was not started again: a reader kept an old snapshot through every checkpoint) it runs a truncating one, which
/// waits for the readers and the writer up to the busy timeout, so the log's size stays bounded.
///
/// The thread starts at the first checkpoint and stops with ``stop()``; the last connection to close still
/// checkpoints the whole log and removes it, as before.
final class SQLiteCheckpointer: Sendable {
  /// The log's size at which a checkpoint runs: SQLite's own default (`wal_autocheckpoint`).
  static let pages = 1_000
  /// The log's size at which a checkpoint waits for the other connections and empties it: about 40 MiB of
  /// 4 KiB pages.
  static let mostPages = 10_000

  private let path: String
  private let open: @Sendable () throws -> Database
  private let started = Atomic(false)
  private let running = Atomic(true)
  /// True from a commit's wake-up until the thread takes it: one wake-up for the commits meanwhile.
  private let woken = Atomic(false)
  private let wakeUp = DispatchSemaphore(value: 0)
  private let stopped = DispatchSemaphore(value: 0)
  private let latestLogPages = Atomic(0)
  private let runs = Atomic(0)

  /// A checkpointer of the database file at `path`, whose thread checkpoints on a connection from `open` (a
  /// read-write one to that path), opened again when the path names another file.
  init(path: String, open: @escaping @Sendable () throws -> Database) {
    self.path = path
    self.open = open
  }

  /// The checkpoints run so far.
  var checkpoints: Int { runs.load(ordering: .relaxed) }

  /// The log's pages at the latest commit.
  var logPages: Int { latestLogPages.load(ordering: .relaxed) }

  /// A write connection committed, leaving `logPages` pages in the log: past ``pages`` the thread is woken (and
  /// started, the first time). Called inside the `COMMIT`, so it only stores and signals.
  func committed(logPages pages: Int) {
    latestLogPages.store(pages, ordering: .relaxed)
    guard pages >= Self.pages, running.load(ordering: .relaxed),
      !woken.exchange(true, ordering: .acquiringAndReleasing)
    else { return }
    if !started.exchange(true, ordering: .acquiringAndReleasing) {
      DispatchQueue(label: "stackfeed-checkpoints").async { [self] in
        run()
        stopped.signal()
      }
    }
    wakeUp.signal()
  }

  /// Stops the thread (after the checkpoint it is running) and closes its connection.
  func stop() {
    guard running.exchange(false, ordering: .acquiringAndReleasing),
      started.load(ordering: .acquiring)
    else { return }
    wakeUp.signal()
    stopped.wait()
  }

  private func run() {
    var connection: (database: Database, file: FileIdentity)?
    while true {
      wakeUp.wait()
      guard running.load(ordering: .acquiring) else { return }
      woken.store(false, ordering: .releasing)
      let mode: Database.CheckpointMode =
        logPages >= Self.mostPages ? .truncate : .passive
      do {
        guard let file = FileIdentity(path: path) else { continue }  // the file is gone: nothing to checkpoint
        if connection?.file != file { connection = (try open(), file) }
        _ = try connection?.database.checkpoint(mode)
        runs.add(1, ordering: .relaxed)
      } catch {
        // The file cannot be opened or checkpointed now: a new connection at the next wake-up; until then the log
        // grows, as it would with no checkpointer.
        connection = nil
      }
    }
  }
}
