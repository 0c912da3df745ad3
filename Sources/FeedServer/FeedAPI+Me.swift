import FeedModels
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
}
