import BuiltInPlugins
import Dispatch
import FeedPlugins
import FeedServer
import FeedStore
import Foundation
import HTTPServer
import StackfeedTestSupport
import Synchronization
import Testing

/// The database connections of a server are bounded (``StoreLimits``): a request finding its pool's connections
/// all in use waits for one, and answers 503 with `Retry-After` when none comes back in time. In process, with
/// one read connection (3 in all: 1 read, 1 write, 1 for the token log) held by another thread's read.
@Suite("FeedAPI: a bounded number of database connections; a request waits for one, then 503")
struct ConnectionLimitTests {
  /// An API over `test`'s database with one read connection, whose requests wait up to `wait`, and its store.
  private func api(_ test: TestAPI, wait: Duration) throws -> (FeedAPI, any FeedSource) {
    let location = StoreLocation.resolve(option: test.database.argument, environment: [:])
    let registry = try PluginRegistry.builtIn()
    let limits = StoreLimits(connections: StoreLimits.fewestConnections, wait: wait)
    #expect(limits.readers == 1 && limits.writers == 1)
    let source: any FeedSource =
      FeedAPI.source(at: location, registry: registry, limits: limits)
    let api = FeedAPI(source: source, registry: registry, defaultZone: TimeZone.gmt) { TimeZone(identifier: $0) }
    return (api, source)
  }

  /// Holds the source's one read connection on a thread of its own until `release` is signalled; returns once
  /// it is held.
  private func hold(_ source: any FeedSource, until release: DispatchSemaphore) -> DispatchSemaphore {
    let holding = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      try? source.read { _ in
        holding.signal()
        release.wait()
      }
      done.signal()
    }
    holding.wait()
    return done
  }

  @Test("a request finding every read connection in use waits for one and is answered", arguments: Backend.available)
  func waits(backend: Backend) throws {
    let test = try TestAPI(backend)
    let (api, source) = try api(test, wait: .seconds(60))
    let release = DispatchSemaphore(value: 0)
    let held = hold(source, until: release)
    let answered = DispatchSemaphore(value: 0)
    let status = Mutex(0)
    Thread.detachNewThread {
      let response = api.respond(to: TestAPI.request("GET", "/v1/feed?limit=2"))
      status.withLock { $0 = response.status }
      answered.signal()
    }
    let waited = answered.wait(timeout: .now() + .milliseconds(100)) == .timedOut
    #expect(waited, "it waits for the connection")
    release.signal()
    if waited { answered.wait() }
    held.wait()
    #expect(status.withLock { $0 } == 200)
  }

  @Test(
    "past the deadline the request is 503 with Retry-After; once a connection is free, 200",
    arguments: Backend.available)
  func deadline(backend: Backend) throws {
    let test = try TestAPI(backend)
    let (api, source) = try api(test, wait: .milliseconds(50))
    let release = DispatchSemaphore(value: 0)
    let held = hold(source, until: release)
    let refused = api.respond(to: TestAPI.request("GET", "/v1/feed?limit=2"))
    #expect(refused.status == 503)
    #expect(refused.header("Retry-After") == "1")
    #expect(refused.logNote?.contains("all 1 connection stayed in use for 50 ms") == true, "\(refused.logNote ?? "")")
    #expect(refused.logNote?.contains("--db-connections") == true, "the log says what to change")
    let ready = api.respond(to: TestAPI.request("GET", "/readyz"))
    #expect(ready.status == 503, "readiness waits for a connection too")
    release.signal()
    held.wait()
    #expect(api.respond(to: TestAPI.request("GET", "/v1/feed?limit=2")).status == 200)
  }
}
