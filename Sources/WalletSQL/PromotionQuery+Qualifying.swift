import WalletCore

// SPEC 8's three qualifying checks, each in its place among checks 1-12 (`checked`): the days,
// after the campaign; the channel, after the enrollment; the listed merchants, after the
// excluded ones. A section 2 promotion has none of them, and its query none of their SQL.

extension PromotionQuery {
  /// `outside-days`: the local date is not among `weekdays` or not among `monthDays`.
  var dayChecks: [String] {
    var fails: [String] = []
    if let weekdays = promotion.weekdays {
      fails.append("\(isoWeekday("t.local_day")) NOT IN (\(numbers(weekdays)))")
    }
    if let monthDays = promotion.monthDays {
      fails.append("t.civil_day NOT IN (\(numbers(monthDays)))")
    }
    guard !fails.isEmpty else { return [] }
    return [
      "WHEN \(fails.joined(separator: " OR ")) THEN '\(ReasonCode.outsideDays.rawValue)'"
    ]
  }

  /// `ineligible-channel`: the enrollment's channel is not among `channels`.
  var channelChecks: [String] {
    guard let channels = promotion.channels, channels != Set(Channel.allCases) else { return [] }
    let names = channels.map(\.rawValue).sorted().map(lit).joined(separator: ", ")
    return [
      "WHEN t.channel NOT IN (\(names)) THEN '\(ReasonCode.ineligibleChannel.rawValue)'"
    ]
  }

  /// `not-listed-merchant`: neither the mcc is among `mccs` nor the merchant contains one of
  /// `merchants`, ASCII letters compared without case and every other byte exactly (UTF-8 is
  /// self-synchronising, so a match of characters is a match of bytes).
  var listedMerchantChecks: [String] {
    var matches: [String] = []
    if let mccs = promotion.mccs {
      let codes = mccs.map { String(format: "%04d", Int($0.value)) }.sorted()
      matches.append("t.mcc IN (\(codes.map(lit).joined(separator: ", ")))")
    }
    for name in promotion.merchants ?? [] {
      matches.append(dialect.containsIgnoringASCIICase("t.merchant", name))
    }
    guard !matches.isEmpty else { return [] }
    // A NULL mcc or merchant matches nothing: each match is a CASE, never NOT of a NULL.
    let whens = matches.map { "WHEN \($0) THEN 1" }.joined(separator: " ")
    return [
      "WHEN (CASE \(whens) ELSE 0 END) = 0 THEN '\(ReasonCode.notListedMerchant.rawValue)'"
    ]
  }

  private func numbers(_ values: Set<Int>) -> String {
    values.sorted().map(String.init).joined(separator: ", ")
  }

  /// The first day of the billing cycle holding a row's local date, as `YYYY-MM-DD`, from the
  /// civil date columns of the row aliased `alias`.
  func cycleStart(alias: String) -> String {
    let day = promotion.cycleStartDay
    return """
      printf('%04d-%02d-%02d',
            CASE WHEN \(alias).civil_day >= \(day) THEN \(alias).civil_year
              ELSE \(alias).civil_year - CASE WHEN \(alias).civil_month = 1 THEN 1 ELSE 0 END END,
            CASE WHEN \(alias).civil_day >= \(day) THEN \(alias).civil_month
              ELSE CASE WHEN \(alias).civil_month = 1 THEN 12 ELSE \(alias).civil_month - 1 END END,
            \(day))
      """
  }
}
