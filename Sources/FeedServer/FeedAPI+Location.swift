import CivilTime
import FeedPlugins
import FeedStore

extension FeedAPI {
  /// An API over the store at `location`, read by ``SQLiteReaders`` for a file or ``PostgresReaders`` for a
  /// PostgreSQL URL within `limits` (the answer memo's budget, the database connections), written to at
  /// `writeLocation` (PostgreSQL: the primary when `location` is a replica; by default `location`); dates in
  /// `defaultZone` unless a request's `time_zone` names another, which `zoneNamed` looks up.
  ///
  ///     let api = FeedAPI(
  ///       location: StoreLocation.resolve(option: "/tmp/feed.sqlite", environment: [:]), registry: registry,
  ///       defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) })
  public init(
    location: StoreLocation, writeLocation: StoreLocation? = nil, registry: PluginRegistry,
    defaultZone: any UTCOffsetSource,
    zoneNamed: @escaping @Sendable (String) -> (any UTCOffsetSource)?, limits: StoreLimits = StoreLimits()
  ) {
    let source: any FeedSource =
      switch location.dialect {
      case .sqlite: SQLiteReaders(path: location.path, registry: registry, limits: limits)
      case .postgres:
        PostgresReaders(location: location, writeLocation: writeLocation, registry: registry, limits: limits)
      }
    self.init(source: source, registry: registry, defaultZone: defaultZone, zoneNamed: zoneNamed)
  }
}
