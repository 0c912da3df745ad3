import Foundation
import StackfeedTestSupport
import Synchronization
import Testing

@Suite(
  "serve: concurrent readers, re-seeds, signals and misbehaving clients",
  .enabled(if: OptionalLibrary.microhttpd.isInstalled, OptionalLibrary.microhttpd.skipNote))
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
    "once a re-seed from another process has ended, every answer is the new feed (no remembered page is old)",
    arguments: Backend.available)
  func noStaleAnswerAfterReseed(backend: Backend) throws {
    let server = try ServerProcess(backend)
    let small = try Self.seedFolder(server, "small", items: 3)
    let large = try Self.seedFolder(server, "large", items: 400)
    #expect(try server.run(["seed", "--db", server.database, "--reset", "--from", small]).code == 0)
    try server.start(["--db", server.database, "--threads", "2", "--quiet"])
    let port = server.port
    // Four clients at once, ten requests each: every worker's connection answers (and remembers) the pages.
    let counts = { @Sendable (target: String) -> [Int] in
      let seen = Mutex<[Int]>([])
      Self.threads(4) {
        for _ in 0..<10 {
          let reply = try? HTTPClient.request(port: port, target: target)
          let count = reply.flatMap { try? CachingAndPagingTests.ids(of: Data($0.body)).count } ?? -1
          seen.withLock { $0.append(count) }
        }
      }()
      return seen.withLock { $0 }
    }
    // 3 items + header = 4 rows; 400 items + header = 401 rows; a 100-row page of the large feed has 100.
    var rows = (all: 4, page: 4)
    for round in 0..<6 {
      #expect(counts("/v1/feed?limit=500") == Array(repeating: rows.all, count: 40), "round \(round), before")
      #expect(counts("/v1/render?limit=100") == Array(repeating: rows.page, count: 40), "round \(round), before")
      let folder = round % 2 == 0 ? large : small
      #expect(try server.run(["seed", "--db", server.database, "--reset", "--from", folder]).code == 0)
      rows = round % 2 == 0 ? (401, 100) : (4, 4)
      #expect(counts("/v1/feed?limit=500") == Array(repeating: rows.all, count: 40), "round \(round), after")
      #expect(counts("/v1/render?limit=100") == Array(repeating: rows.page, count: 40), "round \(round), after")
    }
  }

  @Test(
    "SIGTERM during load: every answer that started is whole, exit 0, then the port is closed",
    arguments: Backend.available)
  func sigtermDuringLoad(backend: Backend) throws {
    let server = try ServerProcess(backend)
    try server.seed(generate: 2000)
    try server.start(["--db", server.database, "--threads", "2", "--quiet"])
    let outcomes = Mutex<(whole: Int, refused: Int, broken: [String])>((0, 0, []))
    let running = Atomic(true)
    let port = server.port
    let wait = Self.threads(4) {
      while running.load(ordering: .relaxed) {
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
        } catch let error as ServerError where error.text.hasPrefix("connect") {
          outcomes.withLock { $0.refused += 1 }
        } catch {
          outcomes.withLock { $0.broken.append("\(error)") }
        }
      }
    }
    while outcomes.withLock({ $0.whole }) < 10 { usleep(10_000) }
    #expect(server.stop(signal: SIGTERM) == 0)
    running.store(false, ordering: .relaxed)
    wait()
    let result = outcomes.withLock { $0 }
    #expect(result.broken.isEmpty, "cut answers: \(result.broken.prefix(3))")
    #expect(result.whole >= 10)
    #expect(server.log.contains("SIGTERM: stopping") && server.log.contains("stopped"))
  }

  @Test("clients that reset the connection while their answer is made or sent: logged as gone, server goes on")
  func disconnectMidResponse() throws {
    let server = try ServerProcess()
    try server.seed(generate: 300)
    try server.start(["--db", server.database, "--threads", "1"])
    // A 485 kB page takes the debug build > 100 ms to make: the reset comes while the answer is being made.
    // (A reset after the first bytes is not seen by the server on loopback: the kernel has taken the whole
    // answer by then; that case only checks that the server goes on.)
    var gone = false
    for readFirst in [false, true, false, false, false, false] where !gone || readFirst {
      let descriptor = try HTTPClient.connect(port: server.port, receiveBuffer: 4096)
      try HTTPClient.send(Array("GET /v1/render?limit=100 HTTP/1.1\r\nHost: x\r\n\r\n".utf8), to: descriptor)
      if readFirst {
        var some = [UInt8](repeating: 0, count: 100)
        _ = some.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      } else {
        usleep(20_000)
      }
      var reset = linger(l_onoff: 1, l_linger: 0)
      setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
      close(descriptor)
      #expect(try server.get("/healthz").status == 200)
      gone = server.log.contains("GET /v1/render 200 485157 B") && server.log.contains("(client went away)")
    }
    #expect(gone, "\(server.log)")
  }

  @Test("a slow-loris client (one byte a second) does not hold up others, even with one worker thread")
  func slowLoris() throws {
    let server = try ServerProcess()
    try server.seed()
    try server.start(["--db", server.database, "--threads", "1"])
    let slow = try HTTPClient.connect(port: server.port)
    defer { close(slow) }
    let request = Array("GET /v1/feed HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
    let sent = Atomic(0)
    let finished = Atomic(false)
    // The trickle must be over before `slow` is closed: a send on a closed descriptor number could write into
    // another test's socket that reused it.
    let trickled = Self.threads(1) {
      for byte in request {
        if finished.load(ordering: .relaxed) { return }
        try? HTTPClient.send([byte], to: slow)
        sent.add(1, ordering: .relaxed)
        sleep(1)
      }
    }
    while sent.load(ordering: .relaxed) < 2 { usleep(10_000) }
    for _ in 0..<20 {
      #expect(try server.get("/v1/feed").status == 200)
    }
    #expect(sent.load(ordering: .relaxed) < request.count, "the slow request is still being sent")
    finished.store(true, ordering: .relaxed)
    trickled()
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
