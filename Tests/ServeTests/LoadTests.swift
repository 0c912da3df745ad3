import Foundation
import StackfeedTestSupport
import Synchronization
import Testing

@Suite(
  "serve: concurrent readers, re-seeds, signals and misbehaving clients",
  .requires(OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
struct LoadTests {
  /// Starts `count` threads running `body` (threads of their own: blocking socket calls must not starve a
  /// shared pool); the returned function waits for them all.
  static func threads(_ count: Int, _ body: @escaping @Sendable () -> Void) -> () -> Void {
    let done = DispatchSemaphore(value: 0)
    for _ in 0..<count {
      Thread {
        body()
        done.signal()
      }.start()
    }
    return { for _ in 0..<count { done.wait() } }
  }

  @Test(
    "readers during re-seeds from another process see the old or the new feed, never half, never locked",
    arguments: Backend.available)
  func readersDuringReseed(backend: Backend) throws {
    let server = try ServerProcess(backend)
    let small = try Self.seedFolder(server, "small", items: 3)
    let large = try Self.seedFolder(server, "large", items: 400)
    #expect(try server.run(["seed", "--db", server.database, "--reset", "--from", small]).code == 0)
    try server.start(["--db", server.database, "--threads", "2", "--quiet"])
    let sizes = Mutex<[Int: Int]>([:])
    let failures = Mutex<[String]>([])
    let seeding = Atomic(true)
    let port = server.port
    let wait = Self.threads(3) {
      while seeding.load(ordering: .relaxed) {
        do {
          let reply = try HTTPClient.request(port: port, target: "/v1/feed?limit=500")
          guard reply.status == 200 else {
            failures.withLock { $0.append("\(reply.status) \(reply.text)") }
            continue
          }
          let count = try CachingAndPagingTests.ids(of: Data(reply.body)).count
          sizes.withLock { $0[count, default: 0] += 1 }
        } catch {
          failures.withLock { $0.append("\(error)") }
        }
      }
    }
    for round in 0..<8 {
      let folder = round % 2 == 0 ? large : small
      let seeded = try server.run(["seed", "--db", server.database, "--reset", "--from", folder])
      #expect(seeded.code == 0, "\(seeded.stderr)")
    }
    seeding.store(false, ordering: .relaxed)
    wait()
    #expect(failures.withLock { $0 }.isEmpty)
    let seen = sizes.withLock { $0 }
    // 3 items + header = 4 rows; 400 items + header = 401 rows (the seed folders have no order).
    #expect(Set(seen.keys).isSubset(of: [4, 401]), "\(seen)")
    #expect(seen.values.reduce(0, +) > 8)
  }

  @Test(
    "once a re-seed from another process has ended, every answer naming it is the new feed (no remembered page is old)",
    arguments: Backend.available)
  func noStaleAnswerAfterReseed(backend: Backend) throws {
    let server = try ServerProcess(backend)
    let small = try Self.seedFolder(server, "small", items: 3)
    let large = try Self.seedFolder(server, "large", items: 400)
    #expect(try server.run(["seed", "--db", server.database, "--reset", "--from", small]).code == 0)
    try server.start(["--db", server.database, "--threads", "2", "--quiet"])
    let port = server.port
    // Four clients at once, ten requests each: every worker's connection answers (and remembers) the pages. On
    // PostgreSQL an answer is new at once for a request naming the re-seed's commit (`Stackfeed-Commit`; without
    // it, within the staleness bound: CoherenceTests); on SQLite every answer is.
    var headers: [String] = []
    // The rows of each answer (-1: not a page), and what each answer that was not a page said.
    let counts = { @Sendable (target: String, headers: [String]) -> (rows: [Int], others: [String]) in
      let seen = Mutex<(rows: [Int], others: [String])>(([], []))
      Self.threads(4) {
        for _ in 0..<10 {
          let reply = Result { try HTTPClient.request(port: port, target: target, headers: headers) }
          let count = (try? reply.get()).flatMap { try? CachingAndPagingTests.ids(of: Data($0.body)).count }
          seen.withLock { seen in
            seen.rows.append(count ?? -1)
            guard count == nil else { return }
            switch reply {
            case .success(let answer):
              seen.others.append("\(answer.status) \(String(decoding: answer.body.prefix(300), as: UTF8.self))")
            case .failure(let error): seen.others.append("\(error)")
            }
          }
        }
      }()
      return seen.withLock { $0 }
    }
    // 3 items + header = 4 rows; 400 items + header = 401 rows; a 100-row page of the large feed has 100.
    var rows = (all: 4, page: 4)
    func expectPages(_ target: String, _ rows: Int, _ when: String) {
      let seen = counts(target, headers)
      #expect(seen.rows == Array(repeating: rows, count: 40), "\(when) \(target): \(seen.others)")
    }
    for round in 0..<6 {
      expectPages("/v1/feed?limit=500", rows.all, "round \(round), before")
      expectPages("/v1/render?limit=100", rows.page, "round \(round), before")
      let folder = round % 2 == 0 ? large : small
      #expect(try server.run(["seed", "--db", server.database, "--reset", "--from", folder]).code == 0)
      if backend == .postgres {
        headers = ["Stackfeed-Commit: \(try server.testDatabase.query("SELECT n FROM store_changes"))"]
      }
      rows = round % 2 == 0 ? (401, 100) : (4, 4)
      expectPages("/v1/feed?limit=500", rows.all, "round \(round), after")
      expectPages("/v1/render?limit=100", rows.page, "round \(round), after")
    }
  }

  @Test(
    "SIGTERM during load, again and again: every answer that started is whole, exit 0, then the port is closed",
    arguments: Backend.available)
  func sigtermDuringLoad(backend: Backend) throws {
    let server = try ServerProcess(backend)
    try server.seed(generate: 2000)
    // libmicrohttpd once aborted at SIGTERM under this load (its listening socket was closed before
    // MHD_stop_daemon): each round is a fresh server stopped in the middle of answering.
    for round in 0..<8 {
      try server.start(["--db", server.database, "--threads", "2", "--quiet"])
      let result = try Self.stopUnderLoad(server)
      #expect(result.broken.isEmpty, "round \(round), cut answers: \(result.broken.prefix(3))")
      #expect(result.whole >= 10, "round \(round)")
      #expect(result.exitCode == 0, "round \(round): \(server.log)")
      #expect(server.log.contains("SIGTERM: stopping") && server.log.contains("stopped"), "round \(round)")
    }
  }

  /// Four clients asking for a large page over and over; once ten answers have arrived whole, SIGTERM. Returns
  /// how the requests ended and the server's exit code. Waits for answers, not for a time: every request's end
  /// is an event the waiting side counts.
  static func stopUnderLoad(_ server: ServerProcess) throws -> (whole: Int, broken: [String], exitCode: Int32) {
    let outcomes = Mutex<(whole: Int, refused: Int, broken: [String])>((0, 0, []))
    let ended = DispatchSemaphore(value: 0)
    let running = Atomic(true)
    let port = server.port
    let wait = Self.threads(4) {
      while running.load(ordering: .relaxed) {
        defer { ended.signal() }
        do {
          let descriptor = try HTTPClient.connect(port: port)
          defer { close(descriptor) }
          let head = "GET /v1/render?limit=100&format=svg HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
          try? HTTPClient.send(Array(head.utf8), to: descriptor)
          let bytes = HTTPClient.readToEnd(descriptor)
          if bytes.isEmpty {
            outcomes.withLock { $0.refused += 1 }  // closed before answering: the client retries elsewhere
          } else {
            let reply = try HTTPClient.parse(bytes)
            outcomes.withLock { $0.whole += reply.status == 200 ? 1 : 0 }
          }
        } catch let error as HTTPClientError where error.text.hasPrefix("connect") {
          outcomes.withLock { $0.refused += 1 }
        } catch {
          outcomes.withLock { $0.broken.append("\(error)") }
        }
      }
    }
    // Before SIGTERM nothing is refused or cut: a refusal means the server is gone, so stop waiting.
    while outcomes.withLock({ $0.whole < 10 && $0.refused == 0 && $0.broken.isEmpty }) { ended.wait() }
    let exitCode = server.stop(signal: SIGTERM)
    running.store(false, ordering: .relaxed)
    wait()
    let result = outcomes.withLock { $0 }
    return (result.whole, result.broken, exitCode)
  }

  @Test("clients that reset the connection before, while or after their answer is made: the server goes on")
  func disconnectMidResponse() throws {
    let server = try ServerProcess()
    try server.seed(generate: 300)
    try server.start(["--db", server.database, "--threads", "1"])
    // When the reset lands depends on the machine; whichever it is, the server answers the next client. That a
    // client gone mid-answer is reported as such is tested in process, in order (HTTPServerTests.ClientGoneTests).
    for readFirst in [false, true, false, true] {
      let descriptor = try HTTPClient.connect(port: server.port, receiveBuffer: 4096)
      try HTTPClient.send(Array("GET /v1/render?limit=100 HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: descriptor)
      if readFirst {
        var some = [UInt8](repeating: 0, count: 100)
        _ = some.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      }
      HTTPClient.reset(descriptor)
      #expect(try server.get("/healthz").status == 200)
    }
    #expect(try server.get("/v1/render?limit=100").status == 200)
  }

  @Test("a slow-loris client (half a request, then silence) does not hold up others, even with one worker thread")
  func slowLoris() throws {
    let server = try ServerProcess()
    try server.seed()
    try server.start(["--db", server.database, "--threads", "1"])
    let slow = try HTTPClient.connect(port: server.port)
    defer { close(slow) }
    let request = Array("GET /v1/feed HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
    let half = request.count / 2
    try HTTPClient.send(Array(request[..<half]), to: slow)
    for _ in 0..<20 {
      #expect(try server.get("/v1/feed").status == 200)
    }
    // The slow client finishes its request at last and is answered too.
    try HTTPClient.send(Array(request[half...]), to: slow)
    #expect(try HTTPClient.parse(HTTPClient.readToEnd(slow)).status == 200)
  }

  /// A seed folder with `items` feed items and a profile.
  static func seedFolder(_ server: ServerProcess, _ name: String, items: Int) throws -> String {
    let folder = server.path(name)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let profile = #"{"firstName": "Russell", "lastName": "Warwick"}"#
    let list = (0..<items).map { #"{"id": "\#(name)-\#($0)", "title": "Item \#($0) of \#(name)"}"# }
    try Data(profile.utf8).write(to: URL(fileURLWithPath: folder + "/profile.json"))
    try Data(("[" + list.joined(separator: ",\n") + "]").utf8).write(
      to: URL(fileURLWithPath: folder + "/feed_items.json"))
    return folder
  }
}
