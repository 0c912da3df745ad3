import CivilTime
import FeedPlugins
import FeedStore

extension FeedAPI {
  /// An API over the store at `location`, read by ``SQLiteReaders`` for a file or ``PostgresReaders`` for a
  /// PostgreSQL URL; dates in `defaultZone` unless a request's `time_zone` names another, which `zoneNamed`
  /// looks up.
  ///
  ///     let api = FeedAPI(
  ///       location: StoreLocation.resolve(option: "/tmp/feed.sqlite", environment: [:]), registry: registry,
  ///       defaultZone: TimeZone.gmt, zoneNamed: { TimeZone(identifier: $0) })
  public init(
    location: StoreLocation, registry: PluginRegistry, defaultZone: any UTCOffsetSource,
    zoneNamed: @escaping @Sendable (String) -> (any UTCOffsetSource)?
  ) {
    let source: any FeedSource =
      switch location.dialect {
      case .sqlite: SQLiteReaders(path: location.path, registry: registry)
      case .postgres: PostgresReaders(location: location, registry: registry)
      }
    self.init(source: source, registry: registry, defaultZone: defaultZone, zoneNamed: zoneNamed)
  }
}
