import FeedPlugins
import FeedStore
import SQLCore
import StackLayout

/// A row kind with no rows that only adds routes, for the registry's and start-up's route checks: each of
/// `paths` is `METHOD /path` (`POST` when no method is given), of `scope`; a route that takes a body (`POST`,
/// `PATCH`) has the rules `body`. Each route answers that it deleted a row.
public struct StubRoutes: RowRoutes, CustomStringConvertible {
  /// The row kind.
  public var kind: String
  /// The routes, each `METHOD /path` or `/path` (a `POST`).
  public var paths: [String]
  /// The scope of every route.
  public var scope: TokenScope?
  /// The rules of the bodies of the routes that take one (`nil`: none, which the registry refuses).
  public var body: RecordRules?

  /// The kind `kind` answering `paths` with `scope`, bodies checked by `body`.
  public init(
    kind: String, paths: [String], scope: TokenScope? = .admin,
    body: RecordRules? = RecordRules([.text("name", TextRule(maximumLength: 10))])
  ) {
    self.kind = kind
    self.paths = paths
    self.scope = scope
    self.body = body
  }

  /// After the core's rows (it has none).
  public var placement: RowPlacement { .trailing }
  /// None: no table.
  public var migrations: [Migration] { [] }
  /// None: no seed.
  public var seedFiles: [String] { [] }
  /// `paths` as routes.
  public var routes: [RowRoute] {
    paths.map { text in
      let parts = text.split(separator: " ")
      let method = parts.count > 1 ? RowRoute.Method(rawValue: String(parts[0])) ?? .post : .post
      return RowRoute(method, String(parts.last ?? ""), scope: scope, body: method.takesBody ? body : nil) { _, _ in
        .deleted(kind: "x", id: "x", for: .everyone)
      }
    }
  }
  /// The kind and its routes, as a test case names them.
  public var description: String { "\(kind): \(paths.joined(separator: ", "))" }

  /// No seed: nothing to check.
  public func validateSeed(_ files: SeedFiles) throws(SeedError) -> Int? { nil }
  /// No seed: nothing written.
  public func writeSeed(_ seed: Int, to db: StoreConnection) throws {}
  /// No rows: nothing deleted.
  public func deleteAll(in db: StoreConnection) throws {}
  /// No rows: none loaded.
  public func loadModels(
    from db: StoreConnection, after key: Int64?, limit: Int?, context: RowContext, _ body: (Int64, Int) throws -> Void
  ) throws {}
  /// The model as it is.
  public func viewModel(for model: Int, context: RowContext) -> Int { model }
  /// A row without texts.
  public func row(for viewModel: Int) -> FeedRow {
    FeedRow(kind: kind, id: "\(viewModel)", texts: [], viewModel: viewModel)
  }
  /// A one-point spacer.
  public func card(for viewModel: Int) -> LayoutNode { Spacer(h: 1).node }
}
