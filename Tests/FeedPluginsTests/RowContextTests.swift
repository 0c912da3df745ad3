import FeedPlugins
import FeedStore
import Foundation
import Synchronization
import Testing

@Suite struct RowContextTests {
  @Test func aLazyZoneIsResolvedOnlyWhenADateIsShownAndThenOnce() throws {
    let store = try TestStore()
    try store.seed(SeedFiles.referenceTexts)
    let calls = Mutex(0)
    let context = RowContext(resolvingTimeZone: {
      calls.withLock { $0 += 1 }
      return TimeZone(identifier: "Asia/Tokyo") ?? .gmt
    })
    let composer = FeedComposer(registry: store.registry, database: store.connection, context: context)
    let cursor = FeedCursor("feed_item:2:2:2")
    var titles: [String?] = []
    try composer.compose(after: cursor, limit: 2) { titles.append($0.texts.first?.value) }
    #expect(titles.count == 2)
    #expect(calls.withLock { $0 } == 0)
    var subtitles: [String?] = []
    try composer.compose(after: nil, limit: nil) { if $0.kind == "order" { subtitles.append($0.texts[1].value) } }
    try composer.compose(after: nil, limit: nil) { _ in }
    #expect(subtitles == ["Ordered on 06 Jul 21"])
    #expect(calls.withLock { $0 } == 1)
    #expect(context.timeZone.identifier == "Asia/Tokyo")
  }
}
