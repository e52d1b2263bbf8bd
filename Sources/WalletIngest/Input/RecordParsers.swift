import WalletCore

/// The SPEC's input files: their columns, and how one row becomes a domain value.
///
/// A row is checked on its own here; whether its card exists, or its id repeats, depends on the
/// other rows and files and is checked by whoever assembles them (a batch or an import).
package enum InputKind: String, CaseIterable, Sendable {
  /// The cards file.
  case cards
  /// The enrollments file.
  case enrollments
  /// The transactions file.
  case transactions
  /// The postings file: what an issuer posted (SPEC section 4).
  case postings

  /// Every column the file may have, in the SPEC's order.
  package var columns: [String] {
    switch self {
    case .cards: ["card", "holder", "network", "type", "role", "issuer", "last4"]
    case .enrollments: ["id", "card", "channel", "enrolled_at", "removed_at"]
    case .transactions:
      [
        "id", "card", "time", "amount", "currency", "method", "status", "refunded", "enrollment",
        "merchant", "mcc",
      ]
    case .postings:
      ["id", "card", "date", "kind", "amount", "transaction", "reverses", "description"]
    }
  }

  /// The columns a file must have.
  package var requiredColumns: Set<String> {
    switch self {
    case .cards: ["card", "holder", "network", "type"]
    case .enrollments: ["card", "channel", "enrolled_at"]
    case .transactions: ["id", "card", "time", "amount"]
    case .postings: ["card", "date", "kind", "amount"]
    }
  }

  /// The column that holds a row's id.
  var idColumn: String { self == .cards ? "card" : "id" }

  /// Whether the file's ids may be shown as they are in messages: transaction and posting ids
  /// may be banks' references, long digit strings that SPEC 6 exempts; the other ids were
  /// refused if they held a card number, and are masked should one slip through.
  package var showsIDsUnmasked: Bool { self == .transactions || self == .postings }
}

extension CSVRow {
  /// A card row. Its id, holder and last4 are never card numbers.
  package func card() throws(InputError) -> Card {
    let id = try safeText("card", required: true) ?? ""
    let holder = try safeText("holder", required: true) ?? ""
    let network = try parseRequired("network", Network.parse)
    let type = try parseRequired("type", CardType.parse)
    let role = try parse("role", CardRole.parse) ?? .primary
    // A known bank is kept by its code, however the file names it (SPEC 1).
    let issuer = try safeText("issuer", required: false).map(Issuer.code)
    let last4 = try safeText("last4", required: false)
    if let last4, last4.utf8.count != 4 || !last4.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
      throw error(in: "last4", .notFourDigits(column: "last4", value: last4))
    }
    return Card(
      id: Identifier(id), holder: Identifier(holder), network: network, type: type, role: role,
      issuer: issuer, last4: last4)
  }

  /// An enrollment row; a missing id is made from the card, channel and time as written.
  package func enrollment(naiveIn zone: TimeZoneRules) throws(InputError) -> Enrollment {
    let card = Identifier(try safeText("card", required: true) ?? "")
    let channel = try parseRequired("channel", Channel.parse)
    let enrolledText = try requiredText("enrolled_at")
    let enrolledAt = try parseRequired("enrolled_at") { (text) throws(TimeParseError) in
      try Instant.parse(text, naiveIn: zone)
    }
    let removedAt = try parse("removed_at") { (text) throws(TimeParseError) in
      try Instant.parse(text, naiveIn: zone)
    }
    if let removedAt, removedAt <= enrolledAt {
      throw error(in: "removed_at", .removalNotAfterEnrollment)
    }
    // A device account number, the id Apple Pay gives a binding, looks like a card number and
    // is refused like one.
    let id =
      try safeText("id", required: false).map(Identifier.init)
      ?? Enrollment.defaultID(card: card, channel: channel, enrolledAtAsWritten: enrolledText)
    return Enrollment(
      id: id, card: card, channel: channel, enrolledAt: enrolledAt, removedAt: removedAt)
  }

  /// A transaction row. Its id may be any string, bank references included; its card, its
  /// enrollment and its merchant are never card numbers.
  package func transaction(naiveIn zone: TimeZoneRules) throws(InputError) -> Transaction {
    let id = try requiredText("id")
    let card = try safeText("card", required: true) ?? ""
    let time = try parseRequired("time") { (text) throws(TimeParseError) in
      try Instant.parse(text, naiveIn: zone)
    }
    let amount = try parseRequired("amount", Money.parse)
    if amount == .zero {
      throw error(in: "amount", .amountNotPositive)
    }
    let currency = try parse("currency", Currency.parse) ?? .cny
    let method = try parse("method", PaymentMethod.parse) ?? .applePay
    let status = try parse("status", TransactionStatus.parse) ?? .settled
    let refunded = try parse("refunded", Money.parse) ?? .zero
    if refunded > amount {
      throw error(in: "refunded", .refundExceedsAmount(refunded: refunded, amount: amount))
    }
    let enrollment = try safeText("enrollment", required: false).map(Identifier.init)
    let merchant = try safeText("merchant", required: false)
    let mccText = text("mcc")
    let mcc = mccText.flatMap(MerchantCategoryCode.init(parsing:))
    if let mccText, mcc == nil {
      throw error(in: "mcc", .notFourDigits(column: "mcc", value: mccText))
    }
    return Transaction(
      id: Identifier(id), card: Identifier(card), time: time, amount: amount, currency: currency,
      method: method, status: status, refunded: refunded, enrollment: enrollment,
      merchant: merchant, mcc: mcc)
  }
}

/// The occurrences counted so far of each card, date, kind and amount among a file's postings
/// without an id, which number their default ids (`Posting.defaultID`): the same file read
/// again numbers them the same, so importing it twice finds the same postings.
package struct PostingOccurrences {
  /// What makes two postings without an id count together.
  private struct Facts: Hashable {
    let card: Identifier
    let date: CivilDate
    let kind: Posting.Kind
    let amountAsWritten: String
  }

  private var counts: [Facts: Int] = [:]

  /// None counted yet: one per file.
  package init() {}

  /// Counts one more posting with these facts and returns its number, from 1.
  mutating func next(card: Identifier, date: CivilDate, kind: Posting.Kind, amount: String) -> Int {
    let facts = Facts(card: card, date: date, kind: kind, amountAsWritten: amount)
    let number = counts[facts, default: 0] + 1
    counts[facts] = number
    return number
  }
}

extension CSVRow {
  /// A posting row. A missing id is made from the card, date, kind and amount as written, and
  /// the count of such rows so far in `occurrences`; a row takes its number once those four
  /// are valid, so that fixing another value of a refused row leaves the other ids as they were.
  /// Its id, its transaction and the posting it reverses may be bank references (SPEC 6 exempts
  /// them); its card and its description are never card numbers.
  package func posting(numberedBy occurrences: inout PostingOccurrences) throws(InputError)
    -> Posting
  {
    let card = Identifier(try safeText("card", required: true) ?? "")
    let date = try parseRequired("date", DateFormError.parse)
    let kind = try parseRequired("kind", Posting.Kind.parse)
    let amountText = try requiredText("amount")
    let amount = try parseRequired("amount", Money.parse)
    if amount == .zero {
      throw error(in: "amount", .amountNotPositive)
    }
    let givenID = text("id")
    let occurrence =
      givenID == nil
      ? occurrences.next(card: card, date: date, kind: kind, amount: amountText) : 0
    let transaction = text("transaction").map(Identifier.init)
    let reverses = text("reverses").map(Identifier.init)
    let description = try safeText("description", required: false)
    let id =
      givenID.map(Identifier.init)
      ?? Posting.defaultID(
        card: card, date: date, kind: kind, amountAsWritten: amountText, occurrence: occurrence)
    return Posting(
      id: id, card: card, date: date, kind: kind, amount: amount, transaction: transaction,
      reverses: reverses, description: description)
  }
}

/// Why a date (`YYYY-MM-DD`, no time) could not be read: the time parser's reason, said of a
/// date (the command line words it), so that a posting date written as a time is not told to
/// look like one.
package struct DateFormError: Error, Equatable, Sendable {
  /// The time parser's reason.
  package let reason: TimeParseError

  /// Says `reason` of a date.
  package init(reason: TimeParseError) {
    self.reason = reason
  }

  /// Reads exactly `YYYY-MM-DD`.
  package static func parse(_ text: String) throws(DateFormError) -> CivilDate {
    do {
      return try CivilDate.parse(text)
    } catch {
      throw DateFormError(reason: error)
    }
  }

}
