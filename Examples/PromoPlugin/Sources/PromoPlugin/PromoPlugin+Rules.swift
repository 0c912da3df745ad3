import FeedStore

extension PromoPlugin {
  /// What a promo may contain, declared once: the records of `promos.json` and the body of `POST /v1/promos`
  /// follow these rules (a kind of your own declares its rules the same way: FeedStore's ``RecordRules``).
  public enum Rules {
    /// The banner's text: free text up to 80 characters, not blank.
    public static let text = FieldRule.text("text", TextRule(maximumLength: 80))
    /// The users it is shown to, by id: absent, `null` or an array of up to 1,000 (none: everyone).
    public static let users = FieldRule("users", .list(of: .text(.identifier), count: 0...1000), .optional)
    /// A record of `promos.json`.
    public static let record = RecordRules([.identifier(), text, users])
    /// The body of `POST /v1/promos`: a promo for everyone.
    public static let new = record.without(["users"])
  }
}
