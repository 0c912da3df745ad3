import FeedModels
import FeedPlugins
import FeedStore
import HTTPServer
import JSONCore

extension FeedAPI {
  /// `GET /v1/me`: the caller's user, `{"id": …, "firstName": …, "lastName": …}`. The token was verified in
  /// the same read, which found the user (a token of a user no longer there is refused).
  func me(_ id: String, _ snapshot: FeedSnapshot) throws -> HTTPResponse {
    guard let user = try Users(snapshot.database).find(id: id) else {
      throw Problem(status: 404, detail: "there is no user with the id \"\(id)\"")
    }
    var bytes = ByteBuffer(capacity: 128)
    bytes.append(literal: #"{"id": "#)
    JSONWriter.string(user.id, to: &bytes)
    bytes.append(literal: #", "firstName": "#)
    JSONWriter.string(user.firstName, to: &bytes)
    bytes.append(literal: #", "lastName": "#)
    JSONWriter.string(user.lastName, to: &bytes)
    bytes.append(literal: "}\n")
    return .ok(bytes.bytes, type: MediaType.json)
  }

  /// `GET /v1/users[?limit=N&after=ID]` (admins): a page of the users by id, `{"users": [{"id", "firstName",
  /// "lastName"}, …], "next": ID|null}`, pages as long as `/v1/feed`'s (``feedLimits``); `after` is the last id of
  /// the page before.
  func users(_ query: inout Query, _ snapshot: FeedSnapshot) throws -> HTTPResponse {
    let limit = try query.pageLimit(maximum: Self.feedLimits.maximum) ?? Self.feedLimits.default
    let after = try query.value(of: "after")
    try query.finish()
    let page = try Users(snapshot.database).page(after: after, limit: limit)
    return .ok(RowPage.users(page.users, next: page.next).json, type: MediaType.json)
  }
}
