/// Counted nouns in messages, singular or plural as the count needs, grouped in thousands
/// (`1 reward`, `168,485 rewards`).
enum Noun {
  case reward, refund, transaction, enrollment, card, posting, holder, promotion, cycle, row
  case invalidRow
}

/// Counts with their nouns, in the run's language: each count is a whole phrase of the
/// translation table (`1 reward`, `{0} rewards`), so a language without plurals (Chinese:
/// 1 笔刷卡金, 3 笔刷卡金) gives both the same words, and one with its own order keeps it.
enum Plural {
  /// `1 reward`, `2 rewards`, `168,485 rewards`.
  static func count(_ value: Int, _ noun: Noun) -> String {
    let one = value == 1
    let many = ProgressReporter.grouped(value)
    switch noun {
    case .reward: return one ? tr("1 reward") : tr("\(many) rewards")
    case .refund: return one ? tr("1 refund") : tr("\(many) refunds")
    case .transaction: return one ? tr("1 transaction") : tr("\(many) transactions")
    case .enrollment: return one ? tr("1 enrollment") : tr("\(many) enrollments")
    case .card: return one ? tr("1 card") : tr("\(many) cards")
    case .posting: return one ? tr("1 posting") : tr("\(many) postings")
    case .holder: return one ? tr("1 holder") : tr("\(many) holders")
    case .promotion: return one ? tr("1 promotion") : tr("\(many) promotions")
    case .cycle: return one ? tr("1 cycle") : tr("\(many) cycles")
    case .row: return one ? tr("1 row") : tr("\(many) rows")
    case .invalidRow: return one ? tr("1 invalid row") : tr("\(many) invalid rows")
    }
  }
}
