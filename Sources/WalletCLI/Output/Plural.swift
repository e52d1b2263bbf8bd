/// Counted nouns in messages, singular or plural as the count needs, grouped in thousands
/// (`1 reward`, `168,485 rewards`). Each form is a whole word, so a translation table can hold
/// both forms of each noun.
enum Noun {
  case reward, refund, transaction, enrollment, card, posting, holder, promotion, cycle, row
  case invalidRow

  /// The word for one.
  var singular: String {
    switch self {
    case .reward: "reward"
    case .refund: "refund"
    case .transaction: "transaction"
    case .enrollment: "enrollment"
    case .card: "card"
    case .posting: "posting"
    case .holder: "holder"
    case .promotion: "promotion"
    case .cycle: "cycle"
    case .row: "row"
    case .invalidRow: "invalid row"
    }
  }

  /// The word for any other count.
  var plural: String { singular + "s" }
}

/// Counts with their nouns.
enum Plural {
  /// `1 reward`, `2 rewards`, `168,485 rewards`.
  static func count(_ value: Int, _ noun: Noun) -> String {
    "\(ProgressReporter.grouped(value)) \(value == 1 ? noun.singular : noun.plural)"
  }
}
