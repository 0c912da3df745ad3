/// What a plugin's route answers (``FeedAPI/routed(_:to:pathParameters:query:form:as:usedToken:)``): the status,
/// the `Location` of a created row, and the row's document as `/v1/rows` shows it (empty for 204). A write's
/// answer is what its `Idempotency-Key` keeps and sends again (FeedStore's `IdempotencyKeys`).
struct RouteAnswer: Sendable, Hashable {
  /// The status, e.g. 201.
  var status: Int
  /// The `Location`, if any.
  var location: String?
  /// The body, compact JSON; empty for none.
  var body: [UInt8]
}
