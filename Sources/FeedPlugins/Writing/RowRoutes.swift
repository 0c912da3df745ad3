/// A row plugin that adds routes to the HTTP API: its writes (and reads that are not `/v1/rows`), e.g. the
/// order plugin's `POST /v1/me/orders` and `GET /v1/orders/{id}`. The server routes to them without knowing the
/// kind; a plugin that does not adopt this protocol adds none.
///
///     extension BannerPlugin: RowRoutes {
///       var routes: [RowRoute] { [RowRoute(.post, "/v1/banners", scope: .admin) { request, db in … }] }
///     }
public protocol RowRoutes: RowPlugin {
  /// The routes, each answered by its handler.
  var routes: [RowRoute] { get }
}
