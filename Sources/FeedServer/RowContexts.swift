import CivilTime
import FeedPlugins
import Synchronization

/// One formatting context per time zone, made once: a zone is looked up by name once and a context makes its
/// date formatter on first use. Only zones the lookup knows are kept (so at most the database's few hundred).
final class RowContexts: Sendable {
  private let zoneNamed: @Sendable (String) -> (any UTCOffsetSource)?
  private let byName = Mutex<[String: RowContext]>([:])

  /// Contexts for the zones `zoneNamed` finds.
  init(zoneNamed: @escaping @Sendable (String) -> (any UTCOffsetSource)?) {
    self.zoneNamed = zoneNamed
  }

  /// The context of `zone`.
  func context(for zone: any UTCOffsetSource) -> RowContext {
    byName.withLock { contexts in
      if let made = contexts[zone.identifier] { return made }
      let made = RowContext(timeZone: zone)
      contexts[zone.identifier] = made
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
