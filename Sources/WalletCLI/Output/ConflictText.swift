import WalletCore
import WalletJobs
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

  /// The fields of two postings, as `posting add` shows them.
  static func fields(_ stored: Posting, _ given: Posting) -> [(String, String, String)] {
    [
      ("card", stored.card.rawValue, given.card.rawValue),
      ("date", stored.date.description, given.date.description),
      ("kind", stored.kind.rawValue, given.kind.rawValue),
      ("amount", MoneyText.display(stored.amount), MoneyText.display(given.amount)),
      ("transaction", stored.transaction?.rawValue ?? "", given.transaction?.rawValue ?? ""),
      ("reverses", stored.reverses?.rawValue ?? "", given.reverses?.rawValue ?? ""),
      ("description", stored.description ?? "", given.description ?? ""),
    ]
  }

  /// The message for a conflict the store raised about `given`, naming the fields that differ
  /// from the record the store holds; nil when the store no longer holds one to compare.
  static func message(
    conflictingWith given: Posting, store: WalletStore
  ) throws -> String? {
    guard let stored = try store.posting(given.id) else { return nil }
    return message(
      kind: "posting", shownID: ShownID.quoted(given.id, masks: false),
      differences: differences(fields(stored, given)))
  }

  /// The message for a conflict about an imported row; nil when the store has no record of its
  /// id (the store's own sentence is kept then).
  static func message(conflictingWith row: ImportedRow, store: WalletStore) throws -> String? {
    switch row {
    case .card(let card): try message(conflictingWith: card, store: store)
    case .enrollment(let enrollment): try message(conflictingWith: enrollment, store: store)
    case .transaction(let transaction): try message(conflictingWith: transaction, store: store)
    case .posting(let posting): try message(conflictingWith: posting, store: store)
    }
  }

  /// As for a posting, for a transaction.
  static func message(
    conflictingWith given: Transaction, store: WalletStore
  ) throws -> String? {
    guard let stored = try store.transaction(given.id) else { return nil }
    return message(
      kind: "transaction", shownID: ShownID.quoted(given.id, masks: false),
      differences: differences(fields(stored, given, zone: store.timeZone)))
  }

  /// As for a posting, for a card.
  static func message(conflictingWith given: Card, store: WalletStore) throws -> String? {
    guard let stored = try store.card(given.id) else { return nil }
    return message(
      kind: "card", shownID: ShownID.quoted(given.id),
      differences: differences(fields(stored, given)))
  }

  /// As for a posting, for an enrollment.
  static func message(
    conflictingWith given: Enrollment, store: WalletStore
  ) throws -> String? {
    guard let stored = try store.enrollment(given.id) else { return nil }
    return message(
      kind: "enrollment", shownID: ShownID.quoted(given.id),
      differences: differences(fields(stored, given, zone: store.timeZone)))
  }
}
