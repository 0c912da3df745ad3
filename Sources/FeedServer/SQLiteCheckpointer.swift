import Dispatch
import FeedStore
import SQLiteCore
import Synchronization

/// The WAL checkpoints of the server's SQLite store, off the writer's turn (docs/STORAGE.md, "Checkpoints of the
/// server's store").
///
/// A checkpoint copies the write-ahead log back into the database file and `fsync`s both: on a disk, tens of
/// milliseconds. SQLite runs it inside the `COMMIT` that takes the log past 1,000 pages, on the committing
/// connection; in the server that is its write connection, which every write waits for, so every write waited
/// for the `fsync`s (about every 100 orders; docs/BENCHMARKS.md, "The order, fifth pass"). Here the write
/// connections report each commit's log size (``committed(logPages:)``, `Database.onCommit`) and checkpoint
/// nothing; past ``pages`` this checkpointer's thread, on its own connection, runs a passive checkpoint (what
/// SQLite's automatic one does, without waiting for anyone) while the writes go on.
///
/// Under a steady stream of writes a passive checkpoint never catches up with the log's end (what was committed
/// while it copied is left to copy, so no write may start the log again from its beginning), and a reader can hold
/// a snapshot that keeps the log. So past ``mostPages`` the write whose commit took the log there has it started
/// again, still in its turn (``bound(_:)``): a restarting checkpoint on the write connection, which waits for no
/// writer (the other writes wait for the turn; while the thread's passive one runs the next write does it) and up to
/// ``restartWaitMilliseconds`` for readers of older snapshots; when
/// they hold it longer it gives up, and the write ``pages`` later tries again.
///
/// The thread starts at the first checkpoint and stops with ``stop()``; the last connection to close still
/// checkpoints the whole log and removes it, as before.
final class SQLiteCheckpointer: Sendable {
  /// The log's size at which a checkpoint runs: SQLite's own default (`wal_autocheckpoint`).
  static let pages = 1_000
  /// The log's size at which a write has it started again: about 40 MiB of 4 KiB pages (at 4,000 orders a second
  /// about every 0.25 s, each a stall of the writes of up to about 100 ms, the `fsync`s; 25,000 made the stalls
  /// longer, docs/BENCHMARKS.md, "The order, fifth pass").
  static let mostPages = 10_000
  /// How long the write that has the log started again waits for readers of older snapshots.
  static let restartWaitMilliseconds: Int32 = 50

  private let path: String
  private let open: @Sendable () throws -> Database
  private let started = Atomic(false)
  private let running = Atomic(true)
  /// True from a commit's wake-up until the thread takes it: one wake-up for the commits meanwhile.
  private let woken = Atomic(false)
  private let wakeUp = DispatchSemaphore(value: 0)
  private let stopped = DispatchSemaphore(value: 0)
  private let latestLogPages = Atomic(0)
  /// The log's size at which the next write has it started again: ``mostPages``, or ``pages`` more after an attempt that
  /// readers held up.
  private let nextBound = Atomic(SQLiteCheckpointer.mostPages)
  private let runs = Atomic(0)
  /// Held by a checkpoint of this checkpointer's: SQLite refuses a second checkpoint at once (`SQLITE_BUSY`), so a
  /// write finding the thread's passive one running leaves the restart to the next write.
  private let checkpointing = Mutex(())

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

  /// Past the bound, has the log started again on `database`, the write connection whose commit was the latest,
  /// still in its write turn (so no other write of the process is running): a restarting checkpoint, waiting for
  /// readers up to ``restartWaitMilliseconds``; left to the next write while the thread's passive one runs.
  func bound(_ database: Database) {
    let pages = logPages
    guard pages >= nextBound.load(ordering: .relaxed) else { return }
    // While the thread's passive checkpoint runs (its `fsync`s can take 100 ms after a large copy), the next write
    // tries instead: this one does not wait for it, and the thread starts no other past the bound.
    guard
      let restarted = checkpointing.withLockIfAvailable({ _ in
        (try? database.checkpoint(.restart, waitingAtMost: Self.restartWaitMilliseconds))?.finished ?? false
      })
    else { return }
    nextBound.store(restarted ? Self.mostPages : pages + Self.pages, ordering: .relaxed)
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
      // Past the bound the next write checkpoints, and would find this thread's checkpoint in its way.
      guard logPages < nextBound.load(ordering: .relaxed) else { continue }
      do {
        guard let file = FileIdentity(path: path) else { continue }  // the file is gone: nothing to checkpoint
        if connection?.file != file { connection = (try open(), file) }
        _ = try checkpointing.withLock { _ in try connection?.database.checkpoint(.passive) }
        runs.add(1, ordering: .relaxed)
      } catch {
        // The file cannot be opened or checkpointed now: a new connection at the next wake-up; until then the log
        // grows, as it would with no checkpointer.
        connection = nil
      }
    }
  }
}
