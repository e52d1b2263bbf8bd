import Testing
import WalletCore

@testable import WalletStore

/// A row holding a value wallet never writes (another program edited the file, or it is
/// damaged) is refused with an error naming the table, the row and the column, never read as a
/// default: a card whose network is `visaa` is not a UnionPay card, and a purchase whose amount
/// is `lots` did not cost nothing.
struct DamagedRowTests {
  /// What a test asks the store, each a different way into the rows.
  enum Read: String, CaseIterable, Sendable {
    case card, cards, enrollment, enrollmentsOfCard, transaction, transactions, refunds
    case declinedDecision, rewardedDecision, decisions, rewards, progress, holderProgress
    case promotions

    func perform(on store: WalletStore) throws {
      let promotion = Promotion.bocomApplePayMonthly
      switch self {
      case .card: _ = try store.card(Identifier("C1"))
      case .cards: _ = try store.cards()
      case .enrollment: _ = try store.enrollment(Identifier("E1"))
      case .enrollmentsOfCard: _ = try store.enrollments(card: Identifier("C1"))
      case .transaction: _ = try store.transaction(Identifier("T1"))
      case .transactions: _ = try store.transactions()
      case .refunds: _ = try store.refunds(of: Identifier("T1"))
      case .declinedDecision:
        _ = try store.decision(transaction: Identifier("T2"), promotion: promotion.id)
      case .rewardedDecision:
        _ = try store.decision(transaction: Identifier("T1"), promotion: promotion.id)
      case .decisions: _ = try store.decisions(promotion: promotion.id)
      case .rewards: _ = try store.rewards(promotion: promotion.id)
      case .progress:
        _ = try store.progress(before: instant("2030-01-01T00:00"), promotion: promotion)
      case .holderProgress:
        _ = try store.progress(
          before: instant("2030-01-01T00:00"), promotion: promotion, holder: Identifier("H1"))
      case .promotions: _ = try store.promotions()
      }
    }
  }

  /// One damaged value: the SQL that writes it, how it is read back, and what the error says.
  struct Damage: Sendable, CustomTestStringConvertible {
    let sql: String
    let read: Read
    let table: String
    let row: String
    let column: String
    let value: String?
    let expected: StoreError.StoredValue

    init(
      _ sql: String, _ read: Read, _ table: String, _ row: String, _ column: String,
      _ value: String?, _ expected: StoreError.StoredValue
    ) {
      self.sql = sql
      self.read = read
      self.table = table
      self.row = row
      self.column = column
      self.value = value
      self.expected = expected
    }

    var testDescription: String { "\(table).\(column) = \(value ?? "NULL") (\(read))" }
  }

  static let damages: [Damage] = [
    Damage(
      "UPDATE cards SET network = 'visaa'", .card, "cards", "C1", "network", "visaa",
      .code(kind: "network")),
    Damage(
      "UPDATE cards SET type = 'gold'", .cards, "cards", "C1", "type", "gold",
      .code(kind: "card type")),
    // Wallet writes codes in their canonical spelling; any other is not one it wrote.
    Damage(
      "UPDATE cards SET role = 'Primary'", .card, "cards", "C1", "role", "Primary",
      .code(kind: "card role")),
    Damage(
      "UPDATE enrollments SET channel = 'app'", .enrollment, "enrollments", "E1", "channel",
      "app", .code(kind: "channel")),
    Damage(
      "UPDATE enrollments SET enrolled_at = 'yesterday'", .enrollmentsOfCard, "enrollments", "E1",
      "enrolled_at", "yesterday", .time),
    Damage(
      "UPDATE transactions SET method = 'cash' WHERE id = 'T1'", .transaction, "transactions",
      "T1", "method", "cash", .code(kind: "payment method")),
    Damage(
      "UPDATE transactions SET status = 'done' WHERE id = 'T1'", .transactions, "transactions",
      "T1", "status", "done", .code(kind: "transaction status")),
    Damage(
      "UPDATE transactions SET currency = 'RMB' WHERE id = 'T1'", .transaction, "transactions",
      "T1", "currency", "RMB", .currency),
    Damage(
      "UPDATE transactions SET currency = 'cny' WHERE id = 'T1'", .transaction, "transactions",
      "T1", "currency", "cny", .currency),
    // SQLite keeps text it cannot make a number as text, and would read it as 0.
    Damage(
      "UPDATE transactions SET amount = 'lots' WHERE id = 'T1'", .transaction, "transactions",
      "T1", "amount", "lots", .amountInFen),
    Damage(
      "UPDATE transactions SET amount = 15000.5 WHERE id = 'T1'", .transactions, "transactions",
      "T1", "amount", "15000.5", .amountInFen),
    Damage(
      "UPDATE transactions SET mcc = '54' WHERE id = 'T1'", .transaction, "transactions", "T1",
      "mcc", "54", .merchantCategoryCode),
    Damage(
      "UPDATE refunds SET amount = 'ten'", .refunds, "refunds", "T1", "amount", "ten",
      .amountInFen),
    Damage(
      "UPDATE decisions SET reason = 'unlucky' WHERE transaction_id = 'T2'", .declinedDecision,
      "decisions", "T2", "reason", "unlucky", .reason),
    // A rewarded decision turned into one with an unknown reason: the outcome itself.
    Damage(
      "UPDATE decisions SET reason = 'lucky', ordinal = NULL WHERE transaction_id = 'T1'",
      .decisions, "decisions", "T1", "reason", "lucky", .reason),
    Damage(
      "UPDATE decisions SET channel = 'phone' WHERE transaction_id = 'T1'", .rewardedDecision,
      "decisions", "T1", "channel", "phone", .code(kind: "channel")),
    Damage(
      "UPDATE decisions SET channel = NULL WHERE transaction_id = 'T1'", .rewards, "decisions",
      "T1", "channel", nil, .code(kind: "channel")),
    Damage(
      "UPDATE decisions SET reward = NULL WHERE transaction_id = 'T1'", .rewardedDecision,
      "decisions", "T1", "reward", nil, .amountInFen),
    Damage(
      "UPDATE decisions SET enrollment = NULL WHERE transaction_id = 'T1'", .decisions,
      "decisions", "T1", "enrollment", nil, .rewardEnrollment),
    Damage(
      "UPDATE decisions SET cycle_start = '2026-13-22' WHERE transaction_id = 'T1'",
      .rewardedDecision, "decisions", "T1", "cycle_start", "2026-13-22", .date),
    Damage(
      "UPDATE decisions SET cycle_start = '22/11/2026' WHERE transaction_id = 'T1'", .progress,
      "decisions", "T1", "cycle_start", "22/11/2026", .date),
    Damage(
      "UPDATE decisions SET cycle_start = 'soon' WHERE transaction_id = 'T1'", .holderProgress,
      "decisions", "T1", "cycle_start", "soon", .date),
    Damage(
      "UPDATE promotions SET definition = '{}'", .promotions, "promotions",
      Promotion.bocomApplePayMonthly.id.rawValue, "definition", "{}",
      .readablePromotion(promotionError(reading: "{}"))),
  ]

  /// Why the promotion decoder refuses `json`, as a damaged definition holds it.
  static func promotionError(reading json: String) -> PromotionError {
    do {
      _ = try Promotion.decode(json: Array(json.utf8))
      preconditionFailure("\(json) is a promotion")
    } catch {
      return error
    }
  }

  /// A store with one card bound in the bank's app, a rewarded purchase with a refund, and a
  /// declined one.
  static func store() throws -> WalletStore {
    let store = try WalletStore.inMemory()
    try store.addCard(
      Card(
        id: Identifier("C1"), holder: Identifier("H1"), network: .unionpay, type: .credit,
        issuer: "bocom", last4: "1234"))
    try store.addEnrollment(
      Enrollment(
        id: Identifier("E1"), card: Identifier("C1"), channel: .bankApp,
        enrolledAt: instant("2026-01-01T00:00")))
    try store.addTransaction(
      Transaction(
        id: Identifier("T1"), card: Identifier("C1"), time: instant("2026-11-25T10:00"),
        amount: Money(minorUnits: 15_000), mcc: MerchantCategoryCode(parsing: "5411")))
    try store.addTransaction(
      Transaction(
        id: Identifier("T2"), card: Identifier("C1"), time: instant("2026-11-26T10:00"),
        amount: Money(minorUnits: 15_000), status: .declined))
    try store.refund(
      Identifier("T1"), amount: Money(minorUnits: 1_000), at: instant("2026-11-27T00:00"))
    return store
  }

  @Test("every way of reading a row reads the undamaged store")
  func undamagedStoreReads() throws {
    let store = try Self.store()
    for read in Read.allCases {
      #expect(throws: Never.self, "\(read)") { try read.perform(on: store) }
    }
    let decision = try #require(
      try store.decision(
        transaction: Identifier("T1"), promotion: Promotion.bocomApplePayMonthly.id))
    #expect(decision.outcome.reward != nil, "T1 earns, so its reward columns are read")
    #expect(try store.refunds(of: Identifier("T1")).count == 1)
  }

  @Test("a damaged value is refused, naming table, row and column", arguments: damages)
  func damagedValueIsRefused(_ damage: Damage) throws {
    let store = try Self.store()
    try store.db.execute(damage.sql)
    let error = try #require(throws: StoreError.self) { try damage.read.perform(on: store) }
    #expect(
      error
        == .damagedRow(
          table: damage.table, row: Identifier(damage.row), column: damage.column,
          value: damage.value, expected: damage.expected))
  }

  @Test func aCardNumberInTheRowOrTheValueIsNotShown() throws {
    let store = try Self.store()
    try store.addCard(
      Card(
        id: Identifier("4111 1111 1111 1111"), holder: Identifier("H2"), network: .visa,
        type: .credit))
    try store.db.execute(
      "UPDATE cards SET network = '6222 0200 0000 0000 001' WHERE holder = 'H2'")
    let error = try #require(throws: StoreError.self) {
      try store.card(Identifier("4111 1111 1111 1111"))
    }
    // The command line words it, masking both (ErrorWordingStoreTests).
    #expect(
      error
        == .damagedRow(
          table: "cards", row: Identifier("4111 1111 1111 1111"), column: "network",
          value: "6222 0200 0000 0000 001", expected: .code(kind: "network")))
  }

  @Test func aTransactionIdIsShownWhole() throws {
    // Bank references are exempt from card-number masking (SPEC 6), and a transaction's row is
    // named by one.
    let store = try Self.store()
    let reference = Identifier("4111111111111111")
    try store.addTransaction(
      Transaction(
        id: reference, card: Identifier("C1"), time: instant("2026-11-28T10:00"),
        amount: Money(minorUnits: 15_000)))
    try store.db.execute("UPDATE transactions SET status = 'gone' WHERE id = '4111111111111111'")
    let error = try #require(throws: StoreError.self) { try store.transaction(reference) }
    #expect(
      error
        == .damagedRow(
          table: "transactions", row: reference, column: "status", value: "gone",
          expected: .code(kind: "transaction status")))
  }

  @Test("an import stops at a damaged row, even one that skips invalid rows")
  func anImportStopsAtADamagedRow() throws {
    let store = try Self.store()
    try store.db.execute("UPDATE cards SET network = 'visaa'")
    let card = Card(
      id: Identifier("C1"), holder: Identifier("H1"), network: .unionpay, type: .credit,
      issuer: "bocom", last4: "1234")
    let damaged = StoreError.damagedRow(
      table: "cards", row: Identifier("C1"), column: "network", value: "visaa",
      expected: .code(kind: "network"))
    #expect(throws: damaged) {
      try store.importCards([card], policy: ImportPolicy(skipInvalid: true))
    }
    #expect(throws: damaged) { try store.importCards([card], policy: ImportPolicy()) }
  }
}
