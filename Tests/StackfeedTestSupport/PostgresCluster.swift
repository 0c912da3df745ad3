import Foundation
import PostgresCore
import SQLCore

#if canImport(Glibc)
  import Glibc
#endif

/// A throwaway PostgreSQL cluster for tests: `initdb` into a temporary folder, `postgres` started on a free TCP port of
/// 127.0.0.1 (and a Unix socket in that folder), removed when stopped.
///
/// The cluster is made with `--locale=C --encoding=UTF8`, so text sorts by bytes as in SQLite. TCP connections
/// need the superuser's password (scram-sha-256; a fresh random one per cluster), socket ones are trusted. It runs
/// without durability (`fsync=off`): a test cluster never outlives its process. As root, the server programs run
/// as the `postgres` user (Debian's `postgresql` package creates it; `initdb` refuses root) through `setpriv`.
///
/// Tests share one cluster per test process (`shared()`, started on first use and stopped when the process
/// exits); each asks for its own database (`makeDatabase()`). A test that restarts or stops the server starts a
/// private one (`start()`) and stops it itself; `startStandby()` adds a streaming replica of a private cluster. Every cluster also has a watchdog that stops it and removes its folder
/// if the test process dies without doing so, so no `postgres` process outlives the test run.
///
///     @Test(.requires(PostgresPrograms.areUsable, PostgresPrograms.skipNote))
///     func roundTrip() throws {
///       let url = try PostgresCluster.shared().makeDatabase()   // postgres://stackfeed:…@127.0.0.1:PORT/t1_…
///     }
public final class PostgresCluster: @unchecked Sendable {
  /// The superuser every cluster is created with.
  public static let user = "stackfeed"

  /// The temporary folder holding the data folder, the socket and the server log.
  public let folder: URL
  /// The TCP port on 127.0.0.1.
  public let port: Int
  /// The superuser's password, needed over TCP.
  public let password: String
  private let programs: PostgresPrograms
  private let lock = NSLock()
  private var databaseCount = 0
  private var watchdog: Process?
  private var server: Process?
  private var isStopped = false

  private static let sharedLock = NSLock()
  nonisolated(unsafe) private static var sharedCluster: Result<PostgresCluster, Error>?

  /// The cluster shared by this test process: started on the first call, stopped when the process exits.
  /// Throws (every time) when it could not be started, with the server's log.
  public static func shared() throws -> PostgresCluster {
    sharedLock.lock()
    defer { sharedLock.unlock() }
    if sharedCluster == nil {
      sharedCluster = Result { try start() }
      atexit { PostgresCluster.stopShared() }
    }
    return try sharedCluster.map { try $0.get() } ?? start()
  }

  private static func stopShared() {
    if case .success(let cluster) = sharedCluster { cluster.stop() }
  }

  /// Starts a new cluster of its own; the caller stops it (`stop()`).
  public static func start() throws -> PostgresCluster {
    guard let programs = PostgresPrograms.found else {
      throw ClusterError(message: "initdb and postgres not found (apt-get install postgresql)")
    }
    return try firstStarted(
      "the server", make: { try PostgresCluster(programs: programs, port: try freePort()) },
      start: { cluster in
        try cluster.initialize()
        try cluster.startServer()
      })
  }

  /// Makes a cluster with `make` and starts it with `start`, up to three times, stopping each one that failed: a
  /// free port found is free only until the server binds it, and another process may take it meanwhile. Throws
  /// the last failure.
  private static func firstStarted(
    _ what: String, make: () throws -> PostgresCluster, start: (PostgresCluster) throws -> Void
  ) throws -> PostgresCluster {
    var lastError: Error?
    for _ in 0..<3 {
      let cluster = try make()
      do {
        try start(cluster)
        return cluster
      } catch {
        cluster.stop()
        lastError = error
      }
    }
    throw lastError ?? ClusterError(message: "\(what) did not start")
  }

  /// Starts a streaming replica (a hot standby) of this cluster on another free port: `pg_basebackup -R` copies
  /// the running cluster over its Unix socket (initdb's `pg_hba.conf` trusts local replication connections),
  /// then the copy starts as a standby that follows the primary's WAL and answers read-only queries. Its
  /// databases and password are the primary's. The caller stops it (`stop()`), before the primary.
  public func startStandby() throws -> PostgresCluster {
    guard let basebackup = programs.basebackup else {
      throw ClusterError(message: "pg_basebackup not found (apt-get install postgresql)")
    }
    return try Self.firstStarted(
      "the standby", make: { try PostgresCluster(programs: programs, port: try Self.freePort(), password: password) },
      start: { standby in
        try standby.run(
          basebackup,
          [
            "-h", folder.path, "-p", String(port), "-U", Self.user, "-D", standby.dataFolder.path,
            "--write-recovery-conf", "--checkpoint=fast", "--no-sync",
          ])
        _ = FileManager.default.createFile(atPath: standby.logFile.path, contents: nil)
        try standby.appendSettings()
        try standby.startServer()
      })
  }

  /// Waits until this standby has replayed all the WAL `primary` has written so far (what PostgreSQL's own tests
  /// call waiting for catch-up): from then on a read here sees every transaction the primary had committed. It
  /// waits for that event, however long a loaded machine takes, checking every 10 ms.
  public func waitForReplay(of primary: PostgresCluster) throws {
    // The insert position, not pg_current_wal_lsn() (the write position): with synchronous_commit = off a commit
    // acknowledged to its client may still sit in the WAL buffers, past the write position, until the WAL writer
    // writes it (and the primary sends the standby only what it wrote).
    let written = try Connection(primary.url()).queryOne("SELECT pg_current_wal_insert_lsn()::text") {
      try $0.string(at: 0)
    }
    let standby = try Connection(url())
    let replayed = "SELECT (pg_last_wal_replay_lsn() >= $1::pg_lsn)::int"
    while try standby.queryOne(replayed, [.text(written ?? "0/0")], { try $0.int(at: 0) }) != 1 {
      usleep(10_000)
    }
  }

  private init(programs: PostgresPrograms, port: Int, password: String? = nil) throws {
    self.programs = programs
    self.port = port
    self.password = password ?? "pw-" + UUID().uuidString.lowercased()
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "stackfeed-pg-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    self.folder = base
    try handToServerUser(base)
    startWatchdog()
  }

  private var dataFolder: URL { folder.appendingPathComponent("data") }
  private var logFile: URL { folder.appendingPathComponent("server.log") }

  /// The URL of database `database` over TCP, as the superuser with its password.
  public func url(database: String = "postgres") -> String {
    "postgres://\(Self.user):\(password)@127.0.0.1:\(port)/\(database)"
  }

  /// Creates a new, empty database and returns its URL (`url(database:)`).
  public func makeDatabase() throws -> String {
    let name = lock.withLock {
      databaseCount += 1
      return "t\(databaseCount)_\(UUID().uuidString.prefix(8).lowercased())"
    }
    try run(programs.createdb, ["-h", folder.path, "-p", String(port), "-U", Self.user, name])
    return url(database: name)
  }

  /// Restarts the server (a fast shutdown, then a start): the server closes every open connection.
  public func restart() throws {
    stopServer()
    try startServer()
  }

  /// Stops the server (a fast shutdown: open sessions are ended) and keeps its data; `resume()` starts it again.
  public func pause() {
    stopServer()
  }

  /// Starts the server again after `pause()`, with the same data, port and password.
  public func resume() throws {
    try startServer()
  }

  /// Stops the server (a fast shutdown) and removes the folder; later calls do nothing.
  public func stop() {
    let wasStopped = lock.withLock {
      defer { isStopped = true }
      return isStopped
    }
    guard !wasStopped else { return }
    stopServer()
    try? FileManager.default.removeItem(at: folder)
    // Not waited for: it ends within a second of this process.
    watchdog?.terminate()
  }

  /// `initdb`, then this cluster's settings appended to its `postgresql.conf`.
  private func initialize() throws {
    let passwordFile = folder.appendingPathComponent("password")
    try Data(password.utf8).write(to: passwordFile)
    try handToServerUser(passwordFile)
    defer { try? FileManager.default.removeItem(at: passwordFile) }
    _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
    try run(
      programs.initdb,
      [
        "-D", dataFolder.path, "--locale=C", "--encoding=UTF8", "--no-sync", "-U", Self.user,
        "--auth-local=trust", "--auth-host=scram-sha-256", "--pwfile=\(passwordFile.path)",
      ])
    try appendSettings()
  }

  /// This cluster's port, socket folder and test settings, appended to `postgresql.conf` (later lines win, so a
  /// standby's replace the ones copied from its primary).
  private func appendSettings() throws {
    let settings = """

      # stackfeed test cluster
      port = \(port)
      listen_addresses = '127.0.0.1'
      unix_socket_directories = '\(folder.path)'
      fsync = off
      synchronous_commit = off
      full_page_writes = off
      max_connections = 100

      """
    let configuration = dataFolder.appendingPathComponent("postgresql.conf")
    let handle = try FileHandle(forWritingTo: configuration)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(settings.utf8))
    try handle.close()
  }

  /// Starts `postgres` as a child of this process (not through `pg_ctl`, whose server would outlive it and keep
  /// Foundation's exit monitor of `pg_ctl` open) and waits until it accepts connections.
  private func startServer() throws {
    let log = try FileHandle(forWritingTo: logFile)
    defer { try? log.close() }
    try log.seekToEnd()
    let process = try spawn(programs.postgres, ["-D", dataFolder.path])
    process.standardOutput = log
    process.standardError = log
    try process.runUnblocked()
    server = process
    // postmaster.pid's last line reads "ready" once connections are accepted, "standby" once a hot standby
    // accepts read-only ones (what `pg_ctl -w` waits for).
    let pidFile = dataFolder.appendingPathComponent("postmaster.pid")
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      guard process.isRunning else {
        throw ClusterError(message: "postgres exited (\(process.terminationStatus)): \(serverLog)")
      }
      if let text = try? String(contentsOf: pidFile, encoding: .utf8),
        text.contains("ready") || text.contains("standby")
      {
        return
      }
      usleep(20_000)
    }
    throw ClusterError(message: "postgres did not become ready within 60 s: \(serverLog)")
  }

  /// Fast shutdown (SIGINT: open sessions are ended, the server exits at once), waiting for the exit.
  private func stopServer() {
    guard let server, server.isRunning else { return }
    server.interrupt()
    server.waitUntilExit()
  }

  private var serverLog: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

  /// A shell that stops the server and removes the folder once this process is gone (a crash, a kill), and
  /// ignores the signals a Ctrl-C sends to the whole process group.
  private func startWatchdog() {
    let script = """
      trap '' INT TERM HUP
      while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done
      pid=$(head -1 '\(dataFolder.path)/postmaster.pid' 2>/dev/null) && kill -QUIT "$pid" 2>/dev/null
      while [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; do sleep 0.2; done
      rm -rf '\(folder.path)'
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    if (try? process.runUnblocked()) != nil { watchdog = process }
  }

  /// A process running a server program, as the `postgres` user when this process is root (`setpriv` execs it,
  /// so the process is the program itself and signals reach it).
  private func spawn(_ program: URL, _ arguments: [String]) throws -> Process {
    let process = Process()
    if getuid() == 0 {
      process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
      process.arguments = ["--reuid=postgres", "--regid=postgres", "--init-groups", program.path] + arguments
    } else {
      process.executableURL = program
      process.arguments = arguments
    }
    process.currentDirectoryURL = folder
    process.standardInput = FileHandle.nullDevice
    return process
  }

  /// Runs a server program to its end (see `spawn`); throws with its output when it fails.
  private func run(_ program: URL, _ arguments: [String]) throws {
    let process = try spawn(program, arguments)
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.runUnblocked()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ClusterError(message: "\(program.lastPathComponent) \(arguments.joined(separator: " ")) failed: \(text)")
    }
  }

  /// As root, gives `url` to the `postgres` user, which runs the server.
  private func handToServerUser(_ url: URL) throws {
    guard getuid() == 0 else { return }
    guard let account = getpwnam("postgres") else {
      throw ClusterError(message: "running as root needs the postgres user (apt-get install postgresql)")
    }
    guard chown(url.path, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
      throw ClusterError(message: "cannot give \(url.path) to the postgres user: errno \(errno)")
    }
  }

  /// A TCP port of 127.0.0.1 that nobody listens on right now.
  private static func freePort() throws -> Int {
    let socketHandle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketHandle >= 0 else { throw ClusterError(message: "socket: errno \(errno)") }
    defer { close(socketHandle) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socketHandle, $0, length) == 0 && getsockname(socketHandle, $0, &length) == 0
      }
    }
    guard bound else { throw ClusterError(message: "cannot find a free port: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// A cluster that could not be created, started or stopped, with the program's output.
public struct ClusterError: Error, CustomStringConvertible {
  /// What failed, with the program's output and the server log.
  public let message: String
  /// The message.
  public var description: String { message }
}
