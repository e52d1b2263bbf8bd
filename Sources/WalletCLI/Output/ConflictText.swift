import WalletCore
import WalletStore

/// The message for a record typed on the command line whose id the store already holds with
/// other details: which fields differ, what the store holds and what was given, so that the
/// cardholder can tell a typo from a second record that needs its own id.
enum ConflictText {
  /// One field that differs: its name, the stored value and the given one, as shown.
  struct Difference {
    let field: String
    let stored: String
    let given: String
  }

  /// The fields of `stored` and `given` whose texts differ, in the order listed.
  static func differences(_ fields: [(String, String, String)]) -> [Difference] {
    fields.filter { $0.1 != $0.2 }.map { Difference(field: $0.0, stored: $0.1, given: $0.2) }
  }

  /// `transaction 'T1' is already in the store with other details: amount is ¥100.00 there,
  /// ¥200.00 here; use --replace to overwrite`. `kind` and `id` come already quoted.
  static func message(kind: String, shownID: String, differences: [Difference]) -> String {
    let list = differences.map { difference in
      let field = tr(dynamic: difference.field)
      let (stored, given) = (shown(difference.stored), shown(difference.given))
      return tr("\(field) is \(stored) there, \(given) here")
    }.joined(separator: Language.current.clauseSeparator)
    let what = tr(dynamic: kind)
    return tr(
      """
      \(what) \(shownID) is already in the store with other details (\(list)); use --replace \
      to overwrite
      """)
  }

  private static func shown(_ text: String) -> String { text.isEmpty ? tr("empty") : text }

  /// The fields of two transactions, as `txn add` shows them.
  static func fields(
    _ stored: Transaction, _ given: Transaction, zone: TimeZoneRules
  ) -> [(String, String, String)] {
    [
      ("card", stored.card.rawValue, given.card.rawValue),
      ("time", stored.time.formatted(in: zone), given.time.formatted(in: zone)),
      (
        "amount", MoneyText.display(stored.amount, stored.currency),
        MoneyText.display(given.amount, given.currency)
      ),
      ("currency", stored.currency.code, given.currency.code),
      ("method", stored.method.rawValue, given.method.rawValue),
      ("status", stored.status.rawValue, given.status.rawValue),
      (
        "refunded", MoneyText.display(stored.refunded, stored.currency),
        MoneyText.display(given.refunded, given.currency)
      ),
      ("enrollment", stored.enrollment?.rawValue ?? "", given.enrollment?.rawValue ?? ""),
      ("merchant", stored.merchant ?? "", given.merchant ?? ""),
      ("mcc", stored.mcc?.description ?? "", given.mcc?.description ?? ""),
    ]
  }

  /// The fields of two cards, as `card add` shows them.
  static func fields(_ stored: Card, _ given: Card) -> [(String, String, String)] {
    [
      ("holder", stored.holder.rawValue, given.holder.rawValue),
      ("network", stored.network.rawValue, given.network.rawValue),
      ("type", stored.type.rawValue, given.type.rawValue),
      ("role", stored.role.rawValue, given.role.rawValue),
      ("issuer", stored.issuer ?? "", given.issuer ?? ""),
      ("last4", stored.last4 ?? "", given.last4 ?? ""),
    ]
  }

  /// The fields of two enrollments, as `enrollment add` shows them.
  static func fields(
    _ stored: Enrollment, _ given: Enrollment, zone: TimeZoneRules
  ) -> [(String, String, String)] {
    [
      ("card", stored.card.rawValue, given.card.rawValue),
      ("channel", stored.channel.rawValue, given.channel.rawValue),
      ("enrolled_at", stored.enrolledAt.formatted(in: zone), given.enrolledAt.formatted(in: zone)),
      (
        "removed_at", stored.removedAt?.formatted(in: zone) ?? "",
        given.removedAt?.formatted(in: zone) ?? ""
      ),
    ]
  }
}
