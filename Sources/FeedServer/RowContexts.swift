import CivilTime
import FeedPlugins
import Synchronization

/// One formatting context per time zone, made once: a zone is looked up by name once and a context makes its
/// date formatter on first use. Only zones the lookup knows are kept, under names spelled as the database spells
/// them (the query's parser refuses others: `UnknownTimeZone.isWellFormed`), and at most ``limit`` of them: past
/// it a zone's context is made for its request and not kept, so no sequence of requests grows the map.
final class RowContexts: Sendable {
  /// The most contexts kept: more than the zone database's names (about 600, 1,800 with `posix/` and `right/`),
  /// well under its memory.
  static let limit = 2048

  private let zoneNamed: @Sendable (String) -> (any UTCOffsetSource)?
  private let byName = Mutex<[String: RowContext]>([:])

  /// Contexts for the zones `zoneNamed` finds.
  init(zoneNamed: @escaping @Sendable (String) -> (any UTCOffsetSource)?) {
    self.zoneNamed = zoneNamed
  }

  /// How many contexts are kept (for tests).
  var count: Int { byName.withLock { $0.count } }

  /// The context of `zone`.
  func context(for zone: any UTCOffsetSource) -> RowContext {
    byName.withLock { contexts in
      if let made = contexts[zone.identifier] { return made }
      let made = RowContext(timeZone: zone)
      if contexts.count < Self.limit { contexts[zone.identifier] = made }
      return made
    }
  }

  /// The context of the zone called `name`; nil when the lookup has no such zone.
  func context(named name: String) -> RowContext? {
    if let made = byName.withLock({ $0[name] }) { return made }
    guard let zone = zoneNamed(name) else { return nil }
    return context(for: zone)
  }
}
