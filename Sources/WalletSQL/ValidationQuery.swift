/// The companion query of a `PromotionQuery`: the input rows `wallet batch` would refuse.
public struct ValidationQuery: Sendable {
  /// The query whose input it checks.
  public let query: PromotionQuery

  /// The validation query of `query`.
  public init(_ query: PromotionQuery) {
    self.query = query
  }

  /// The SQL text.
  public var text: String { "" }
}
