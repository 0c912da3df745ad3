import CivilTime
import FeedPlugins
import FeedStore

extension FeedAPI {
  /// An API over the store at `location` (``source(at:writeLocation:registry:limits:)``) within `limits` (the answer memo's and the image variants' budgets, the database connections), written to at
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
    self.init(
      source: Self.source(at: location, writeLocation: writeLocation, registry: registry, limits: limits),
      registry: registry, defaultZone: defaultZone, zoneNamed: zoneNamed)
    imageVariants = ImageVariants(budget: limits.variantBytes)
  }

  /// The store at `location` as the server reads and writes it: ``SQLiteSource`` for a file, ``PostgresSource``
  /// for a PostgreSQL URL (writing to `writeLocation`, by default `location`), within `limits`.
  public static func source(
    at location: StoreLocation, writeLocation: StoreLocation? = nil, registry: PluginRegistry,
    limits: StoreLimits = StoreLimits()
  ) -> any FeedSource {
    switch location.dialect {
    case .sqlite: SQLiteSource(location: location, registry: registry, limits: limits)
    case .postgres:
      PostgresSource(location: location, writeLocation: writeLocation, registry: registry, limits: limits)
    }
  }
}
