import FeedStore
import SQLCore
import StackLayout

/// A registry that cannot work: two plugins share a kind, a seed file or a migration name, one kind is another
/// followed by `_` (so migration names could belong to either), a kind has characters a cursor cannot carry,
/// more than one plugin streams, or a plugin claims the core accounts (the kind `account`, or the users' seed
/// files); a route overlaps a path of the core or another route of the same method (the same path shape,
/// whatever its parameters' names), writes without a scope, or takes a body without rules for it
/// (``RowRoute/body``); or a plugin made a card with a tappable part that has no accessibility label
/// (``PluginRegistry/card(for:)``).
public struct PluginRegistryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, in one sentence.
  public var description: String
}

/// The row plugins of a feed, in registry order (which orders leading and trailing rows and writes), over the
/// core accounts (FeedStore's `users` table and its `NNNN_account_…` migrations), which every registry has.
///
///     let registry = try PluginRegistry([HeaderPlugin(), FeedItemPlugin(), BannerPlugin()])
public struct PluginRegistry: Sendable {
  /// The plugins, in registry order.
  public let plugins: [any RowPlugin]
  /// The plugins by placement, for the composer's page plans.
  let placements: PagePlan.Placements

  /// Creates a registry; throws when the plugins cannot work together (see ``PluginRegistryError``).
  public init(_ plugins: [any RowPlugin]) throws(PluginRegistryError) {
    var kinds: Set<String> = []
    var files = Set(UserSeedLoader().seedFiles)
    var migrations: [String: String] = [:]
    var stream: String?
    var routes: [(route: RowRoute, kind: String)] = []
    for plugin in plugins {
      let kind = plugin.kind
      guard !kind.isEmpty, kind.utf8.allSatisfy(FeedCursor.isKindByte) else {
        throw PluginRegistryError(
          description: "the row kind \"\(kind)\" is not a name (letters, digits, \"_\" and \"-\" only)")
      }
      guard kind != Self.accountKind, !kind.hasPrefix(Self.accountKind + "_") else {
        throw PluginRegistryError(
          description: "the row kind \"\(kind)\" is reserved: \"\(Self.accountKind)\" names the core accounts' "
            + "migrations (NNNN_\(Self.accountKind)_…)")
      }
      guard kinds.insert(kind).inserted else {
        throw PluginRegistryError(description: "two row plugins have the kind \"\(kind)\"")
      }
      for file in plugin.seedFiles where !files.insert(file).inserted {
        if UserSeedLoader().seedFiles.contains(file) {
          throw PluginRegistryError(
            description: "the row kind \"\(kind)\" reads the seed file \(file), which is the core users' own")
        }
        throw PluginRegistryError(description: "two row plugins read the seed file \(file)")
      }
      for migration in plugin.migrations {
        if let owner = migrations.updateValue(kind, forKey: migration.name) {
          throw PluginRegistryError(
            description: "the row kinds \"\(owner)\" and \"\(kind)\" both have a migration named \(migration.name)")
        }
      }
      for route in (plugin as? any RowRoutes)?.routes ?? [] {
        try Self.check(route, of: kind, against: routes)
        routes.append((route, kind))
      }
      if plugin.placement == .stream {
        if let stream {
          throw PluginRegistryError(
            description: "the row kinds \"\(stream)\" and \"\(kind)\" both have the stream placement (at most one may)")
        }
        stream = kind
      }
    }
    for kind in plugins.map(\.kind) {
      if let longer = plugins.map(\.kind).first(where: { $0.hasPrefix(kind + "_") }) {
        throw PluginRegistryError(
          description: "the row kinds \"\(kind)\" and \"\(longer)\" are ambiguous: a migration named "
            + "NNNN_\(longer)_… could belong to either (a kind may not be another kind followed by \"_\")")
      }
    }
    self.plugins = plugins
    placements = PagePlan.Placements(plugins)
  }

  /// This registry with `plugin` appended.
  public func adding(_ plugin: any RowPlugin) throws(PluginRegistryError) -> PluginRegistry {
    try PluginRegistry(plugins + [plugin])
  }

  /// The plugin of `kind`, if registered.
  public func plugin(kind: String) -> (any RowPlugin)? {
    plugins.first { $0.kind == kind }
  }

  /// The card of `row`, built by the plugin of its kind; `nil` when no registered plugin made it. Throws when a
  /// node of the card has an `action` and no accessibility label (every tappable part is announced by name),
  /// naming the row kind, the row and the node.
  public func card(for row: FeedRow) throws(PluginRegistryError) -> LayoutNode? {
    guard let tree = plugin(kind: row.kind)?.card(for: row) else { return nil }
    if let node = tree.firstUnlabelledAction {
      let name = node.id.map { "the node \"\($0)\"" } ?? "a \(node.typeName) node without an id"
      throw PluginRegistryError(
        description: "the row kind \"\(row.kind)\" made a card (row \"\(row.id)\") in which \(name) has the action "
          + "\"\(node.action ?? "")\" but no accessibility label: every tappable part needs one "
          + "(.accessibility(label:hint:traits:))")
    }
    return tree
  }

  /// The kind the core accounts' bundled migrations carry in their names (`0004_account_users`) and whose folders
  /// hold their files (`Migrations/account/`, `Seeds/account/`); no plugin may have it.
  public static let accountKind = BundledFiles.accountsOwner

  /// The paths the core's HTTP API answers (FeedServer's endpoints, `GET` and `HEAD`, and the images' `PUT` and
  /// `DELETE`), in the order of their meters in the server's metrics. No plugin route may overlap one, whatever
  /// its method: a `POST /v1/feed` would turn `GET /v1/feed` into 405, a `GET /v1/me/{x}` would answer for
  /// `/v1/me/feed`.
  public static let corePaths = [
    "/", "/healthz", "/readyz", "/openapi.json", "/metrics", "/v1/feed", "/v1/render", "/v1/stack",
    "/v1/rows/{kind}/{id}", "/v1/me", "/v1/me/feed", "/v1/me/render", "/v1/me/stack", "/v1/changes",
    "/v1/me/changes", "/v1/users", "/v1/icons/{name}", "/v1/images",
    "/v1/images/{name}", "/v1/events", "/v1/me/events",
  ].map(RoutePattern.init)

  /// Throws when `route` of the plugin of `kind` cannot be served beside the core's paths and the routes
  /// registered before it: a write without a scope, a body without rules, a path shape of the core's (any
  /// method), or a path shape another route of the same method has.
  private static func check(_ route: RowRoute, of kind: String, against earlier: [(route: RowRoute, kind: String)])
    throws(PluginRegistryError)
  {
    let named = "\(route.method.rawValue) \(route.pattern)"
    if route.method.writes, route.scope == nil {
      throw PluginRegistryError(
        description: "the row kind \"\(kind)\" answers \(named) without a scope: a route that writes needs one "
          + "(scope: .write or .admin), or anyone could write")
    }
    if route.method.takesBody && route.body == nil {
      throw PluginRegistryError(description: "the row kind \"\(kind)\" answers \(named) without rules for its body")
    }
    if let core = corePaths.first(where: route.pattern.overlaps) {
      throw PluginRegistryError(
        description: "the row kind \"\(kind)\" answers \(named), which overlaps the core's \(core) "
          + "(a plugin may not answer at a path of the core, with any method)")
    }
    for (other, owner) in earlier where other.method == route.method && other.pattern.overlaps(route.pattern) {
      let owners =
        owner == kind ? "the row kind \"\(kind)\" answers" : "the row kinds \"\(owner)\" and \"\(kind)\" answer"
      let paths =
        other.pattern == route.pattern
        ? "\(named) twice" : "both \(other.method.rawValue) \(other.pattern) and \(named), which overlap"
      throw PluginRegistryError(description: "\(owners) \(paths) (the same method and path shape)")
    }
  }

  /// The routes of the plugins that add some (``RowRoutes``), in registry order.
  public var routes: [RowRoute] {
    plugins.flatMap { ($0 as? any RowRoutes)?.routes ?? [] }
  }

  /// The core accounts' migrations and every plugin's, in name order: the order the migrator applies them.
  public var migrations: [Migration] {
    (BundledFiles.accounts.migrations + plugins.flatMap(\.migrations)).sorted { $0.name < $1.name }
  }

  /// The seed folder `seed` loads without `--from` (and `list` creates the default database with): the core
  /// accounts' bundled seed (`Seeds/account/profile.json`) plus every plugin's ``RowPlugin/defaultSeeds`` (the
  /// built-in kinds': their `Seeds/<kind>/`), the first of a name kept.
  public var defaultSeedFolder: SeedFolder {
    var files = BundledFiles.accounts.seeds
    for plugin in plugins {
      files.merge(plugin.defaultSeeds) { first, _ in first }
    }
    return SeedFolder(location: SeedFolder.bundledLocation, files: files)
  }

  /// Every seed file the registry's seeder reads: the users' and every plugin's.
  public var seedFiles: Set<String> {
    Set(UserSeedLoader().seedFiles + plugins.flatMap(\.seedFiles))
  }
}

extension Seeder {
  /// A seeder loading the users, then through the registry's plugins, in registry order.
  public init(registry: PluginRegistry) {
    self.init(loaders: registry.plugins)
  }
}
