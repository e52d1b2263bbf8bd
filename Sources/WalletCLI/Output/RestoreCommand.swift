import WalletCore

/// The commands that record a removed transaction again (`wallet txn remove`): removing a
/// rewarded purchase asks nothing, so it says how to undo it, as lines to paste into a shell.
enum RestoreCommand {
  /// `wallet txn add …` with every field that differs from the defaults, then one `wallet txn
  /// refund …` per refund it had (what its file said was refunded beyond them, at its own
  /// time). Nil when a value holds a card number, which is never shown.
  static func lines(
    for transaction: Transaction, refunds: [(amount: Money, at: Instant)], zone: TimeZoneRules,
    now: Instant
  ) -> [String]? {
    let id = transaction.id.rawValue
    var add = [
      "wallet", "txn", "add", "--id", id, "--card", transaction.card.rawValue, "--amount",
      transaction.amount.description, "--at", transaction.time.formatted(in: zone),
    ]
    if transaction.time > now { add.append("--future") }
    let defaults = Transaction.Defaults.self
    if transaction.currency != defaults.currency {
      add += ["--currency", transaction.currency.code]
    }
    if transaction.method != defaults.method { add += ["--method", transaction.method.rawValue] }
    if transaction.status != defaults.status { add += ["--status", transaction.status.rawValue] }
    if let enrollment = transaction.enrollment { add += ["--enrollment", enrollment.rawValue] }
    if let merchant = transaction.merchant { add += ["--merchant", merchant] }
    if let mcc = transaction.mcc { add += ["--mcc", mcc.description] }
    var commands = [add]
    var recorded = Money.zero
    for refund in refunds {
      recorded = recorded + refund.amount
      commands.append(refundCommand(id, refund.amount, at: refund.at, zone: zone, now: now))
    }
    if transaction.refunded > recorded {
      // Refunded as its file said, without a time of its own: the purchase's time comes first.
      commands.append(
        refundCommand(
          id, transaction.refunded - recorded, at: transaction.time, zone: zone, now: now))
    }
    let words = commands.flatMap { $0 }
    guard !words.contains(where: CardNumberGuard.containsCardNumber) else { return nil }
    return commands.map { $0.map(shellWord).joined(separator: " ") }
  }

  private static func refundCommand(
    _ id: String, _ amount: Money, at time: Instant, zone: TimeZoneRules, now: Instant
  ) -> [String] {
    [
      "wallet", "txn", "refund", id, "--amount", amount.description, "--at",
      time.formatted(in: zone),
    ]
      + (time > now ? ["--future"] : [])
  }

  /// A word as a POSIX shell reads it back: as it is when it holds only characters no shell
  /// treats specially, else in single quotes, a quote inside written `'\''`.
  static func shellWord(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            || "-_.:+/@%,=".unicodeScalars.contains(scalar))
      }
    return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
