import Foundation
import Testing
import WalletCore
import WalletTestSupport

@testable import WalletStore

/// The store's questions behind the commands a cardholder runs one at a time must cost an index
/// lookup, not a pass over a table: on a store of millions of transactions, `wallet statement
/// --holder`, `wallet explain TXN` and `wallet check CARD` should take about as long as starting
/// the process. Each case below opens a store the way a command does, asks what that command
/// asks (in the same order, with the same arguments), records every statement SQLite is given,
/// and checks `EXPLAIN QUERY PLAN` of each.
///
/// The stores are never analysed, since `wallet` never runs ANALYZE: the plans checked are the
/// plans users get. Without statistics the planner's choices do not depend on how many rows
/// there are, so a small store shows the same plans as one of two million transactions.
struct QueryPlanTests {
  /// A command, as the sequence of store calls its `run` makes (see
  /// `Sources/WalletCLI/Commands`).
  enum Command: String, CaseIterable, CustomTestStringConvertible {
    case statementOfHolder = "wallet statement --holder H"
    case statementOfHolderInCycleAsCSV = "wallet statement --holder H --cycle D --format csv"
    case statementOfHolderWithoutBindings = "wallet statement --holder H (never bound)"
    case explain = "wallet explain TXN"
    case explainNamedEnrollment = "wallet explain TXN (naming its binding)"
    case checkCard = "wallet check CARD"
    case transactionsOfCard = "wallet txn list --card C"
    case transactionsOfHolder = "wallet txn list --holder H"

    var testDescription: String { rawValue }
  }

  @Test(
    "every statement a command runs finds its rows through an index", arguments: Command.allCases)
  func everyStatementSearches(command: Command) throws {
    try withPlanStore { path in
      let statements = try Self.statements(of: command, path: path)
      let plans = try Self.plans(of: statements, path: path)
      Attachment.record(Self.describe(plans), named: "plans of \(command.rawValue).txt")
      #expect(!plans.isEmpty, "the command ran no statement at all")
      for plan in plans {
        let violations = plan.violations()
        #expect(
          violations.isEmpty,
          "\(command.rawValue) reads more than it returns (\(violations.joined(separator: "; "))):\n\(plan)"
        )
      }
    }
  }

  /// The check can fail: without the index a command's lookup relies on, its plan is a scan,
  /// and that is reported.
  @Test(
    "a dropped index turns a lookup into a reported scan",
    arguments: [
      ("cards_by_holder", Command.statementOfHolder),
      ("enrollments_by_card", Command.checkCard),
      ("transactions_by_card", Command.transactionsOfCard),
      ("refunds_by_transaction", Command.explain),
    ])
  func droppedIndexIsCaught(index: String, command: Command) throws {
    try withPlanStore { path in
      let database = try Database(path: path, mode: .readWrite)
      try database.execute("DROP INDEX \(index)")
      let plans = try Self.plans(of: try Self.statements(of: command, path: path), path: path)
      let violations = plans.flatMap { $0.violations() }
      #expect(!violations.isEmpty, "no scan reported without \(index):\n\(Self.describe(plans))")
    }
  }

  /// How plan lines are judged, on lines SQLite writes.
  @Test(
    "a scan, an automatic index or a range narrowed only by promotion is a violation",
    arguments: [
      ("SCAN transactions", true),
      ("SCAN t USING COVERING INDEX transactions_by_time", true),
      ("SEARCH t USING AUTOMATIC COVERING INDEX (id=?)", true),
      ("SEARCH decisions USING PRIMARY KEY (promotion=?)", true),
      ("SEARCH decisions USING INDEX rewards_by_time (promotion=? AND time<?)", true),
      ("SEARCH d USING INDEX rewards_by_holder (promotion=? AND holder=? AND ordinal>?)", false),
      ("SEARCH transactions USING INDEX transactions_by_card (card=?)", false),
      ("SEARCH t USING INDEX sqlite_autoindex_transactions_1 (id=?)", false),
      ("SCAN promotions", false),
      ("SCAN CONSTANT ROW", false),
      ("USE TEMP B-TREE FOR ORDER BY", false),
    ])
  func planLinesAreJudged(detail: String, isViolation: Bool) {
    let plan = QueryPlan(sql: "SELECT 1", steps: [.init(id: 2, parent: 0, detail: detail)])
    #expect(plan.violations().isEmpty == !isViolation)
  }

  /// The holder's progress is read by its own query (see `progress(before:promotion:holder:)`);
  /// it must equal that holder's share of everyone's.
  @Test func oneHoldersProgressIsTheirShareOfEveryones() throws {
    try withPlanStore { path in
      let store = try WalletStore.open(path: path, create: false)
      let wallet = Self.wallet
      for promotion in try store.installedPromotions() {
        for transaction in wallet.transactions.prefix(60) {
          let everyone = try store.progress(before: transaction.time, promotion: promotion)
          for holder in Set(wallet.cards.map(\.holder)) {
            let one = try store.progress(
              before: transaction.time, promotion: promotion, holder: holder)
            #expect(one.holders[holder] == everyone.holders[holder], "\(holder) \(promotion.id)")
            #expect(one.quotaPaid == everyone.quotaPaid)
          }
        }
      }
    }
  }

  // MARK: The store

  /// A random wallet over four holders, with refunds, removed bindings and transactions that
  /// name a binding; a fifth holder's card is never bound, so the statement falls back to the
  /// holder's transactions.
  static let wallet: RandomWallet = {
    var wallet = RandomWallet(seed: 11, transactions: 200)
    wallet.cards.append(
      Card(
        id: unboundCard, holder: unboundHolder, network: .unionpay, type: .credit, role: .primary,
        issuer: "bocom", last4: nil))
    wallet.transactions.append(
      Transaction(
        id: Identifier("T-UNBOUND"), card: unboundCard, time: instant("2026-03-01T12:00"),
        amount: Money(minorUnits: 20_000)))
    return wallet
  }()

  static let unboundCard = Identifier("C-UNBOUND")
  static let unboundHolder = Identifier("H-UNBOUND")

  /// A temporary store file holding `wallet`, the built-in promotion and one with a quota (whose
  /// count of everyone's rewards is a query of its own), removed afterwards.
  private func withPlanStore(_ body: (String) throws -> Void) throws {
    let folder = ScratchSpace.path("wallet-plans")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("wallet.sqlite").path
    do {
      let store = try WalletStore.open(path: path, create: true)
      try store.setTimeZone(.shanghai)
      var limited = Promotion.bocomApplePayMonthly
      limited.id = Identifier("limited")
      limited.quota = 40
      try store.installPromotion(limited)
      let wallet = Self.wallet
      _ = try store.importCards(wallet.cards, policy: ImportPolicy())
      _ = try store.importEnrollments(wallet.enrollments, policy: ImportPolicy())
      _ = try store.importTransactions(wallet.transactions, policy: ImportPolicy())
      for transaction in wallet.transactions.prefix(10) where transaction.refunded == .zero {
        try store.refund(
          transaction.id, amount: Money(minorUnits: 100),
          at: Instant(nanosecondsSinceEpoch: transaction.time.nanosecondsSinceEpoch + 1))
      }
    }
    try body(path)
  }

  // MARK: What a command asks

  /// Every statement (SQL and arguments) a command's store calls run, opening included, in
  /// order and without repeats.
  static func statements(of command: Command, path: String) throws -> [Recorded] {
    let subjects = try Subjects(path: path)
    var recorded: [Recorded] = []
    var seen: Set<String> = []
    let store = try WalletStore.open(
      path: path, create: false,
      statementObserver: { sql, arguments in
        if seen.insert(sql).inserted { recorded.append(Recorded(sql: sql, arguments: arguments)) }
      })
    try ask(store, command, about: subjects)
    return recorded
  }

  /// What the commands are asked about, chosen before anything is recorded: a rewarded
  /// transaction, its card and holder, and a transaction that names its binding.
  struct Subjects {
    var holder: Identifier
    var card: Identifier
    var cycleStart: CivilDate
    var rewarded: Identifier
    var namingEnrollment: Identifier

    init(path: String) throws {
      let store = try WalletStore.open(path: path, create: false)
      let reward = try #require(
        try store.rewards(promotion: Promotion.bocomApplePayMonthly.id).first,
        "the fixture should earn rewards")
      holder = reward.holder
      card = reward.card
      cycleStart = reward.cycleStart
      rewarded = reward.transaction
      namingEnrollment = try #require(wallet.transactions.first { $0.enrollment != nil }?.id)
    }
  }

  /// The store calls of each command's `run`, in its order.
  private static func ask(_ store: WalletStore, _ command: Command, about subjects: Subjects)
    throws
  {
    // PromotionChoice.selected without --promotion, and CheckCommand: every installed one.
    let promotions = try store.promotions().map(\.promotion)
    switch command {
    case .statementOfHolder, .statementOfHolderWithoutBindings:
      let holder = command == .statementOfHolder ? subjects.holder : unboundHolder
      // HolderActivity.read, then each promotion's rewards.
      let cards = try store.cards(holder: holder)
      let bindings = try cards.flatMap { try store.enrollments(card: $0.id) }
      if bindings.isEmpty {
        _ = try store.transactions(WalletStore.TransactionFilter(holder: holder)).first
      }
      for promotion in promotions {
        _ = try store.rewards(promotion: promotion.id, holder: holder)
      }
    case .statementOfHolderInCycleAsCSV:
      // CSV holds one promotion, named with --promotion.
      let promotion = try #require(try store.installed(Promotion.bocomApplePayMonthly.id))
      _ = try store.rewards(
        promotion: promotion.promotion.id, holder: subjects.holder,
        cycleStart: subjects.cycleStart)
    case .explain, .explainNamedEnrollment:
      let id = command == .explain ? subjects.rewarded : subjects.namingEnrollment
      let transaction = try #require(try store.transaction(id))
      let card = try #require(try store.card(transaction.card))
      _ = try store.refunds(of: id)
      _ = try store.enrollments(card: card.id)
      for promotion in promotions {
        guard let decision = try store.decision(transaction: id, promotion: promotion.id) else {
          continue
        }
        try gatherFacts(store, transaction: transaction, decision: decision, promotion: promotion)
      }
    case .checkCard:
      let card = try #require(try store.card(subjects.card))
      for promotion in promotions {
        let purchase = Transaction(
          id: Identifier("(what-if)"), card: card.id, time: instant("2026-11-28T12:00"),
          amount: max(promotion.minimumSpend, Money(minorUnits: 1)), currency: promotion.currency)
        let decision = try store.whatIf(purchase, promotion: promotion)
        try gatherFacts(store, transaction: purchase, decision: decision, promotion: promotion)
      }
      _ = try store.enrollments(card: card.id)
    case .transactionsOfCard:
      _ = try store.transactions(WalletStore.TransactionFilter(card: subjects.card))
    case .transactionsOfHolder:
      _ = try store.transactions(WalletStore.TransactionFilter(holder: subjects.holder))
    }
  }

  /// What `DecisionFacts.gather` reads for `explain` and `check`.
  private static func gatherFacts(
    _ store: WalletStore, transaction: Transaction, decision: Decision, promotion: Promotion
  ) throws {
    _ = try store.rewards(
      promotion: promotion.id, holder: decision.holder, cycleStart: decision.cycle.start)
    if let named = transaction.enrollment {
      _ = try store.enrollment(named)
    } else if let inferred = decision.enrollment {
      _ = try store.enrollment(inferred)
    }
  }

  // MARK: Plans

  /// A statement a command ran.
  struct Recorded {
    var sql: String
    var arguments: [DatabaseValue]
  }

  /// Each statement's plan, read on a connection of its own so the recording store's cached
  /// statements are left alone.
  static func plans(of statements: [Recorded], path: String) throws -> [QueryPlan] {
    let database = try Database(path: path, mode: .readOnly)
    return try statements.map { statement in
      let arguments = statement.arguments.map { value -> (any DatabaseValueConvertible)? in value }
      let steps = try database.fetchAll("EXPLAIN QUERY PLAN " + statement.sql, arguments) { row in
        QueryPlan.Step(id: row.int(at: 0), parent: row.int(at: 1), detail: row.string(at: 3))
      }
      return QueryPlan(sql: statement.sql, steps: steps)
    }
  }

  static func describe(_ plans: [QueryPlan]) -> String {
    plans.map(\.description).joined(separator: "\n\n") + "\n"
  }
}

/// The plan SQLite chose for one statement, and what in it reads a whole table.
struct QueryPlan: CustomStringConvertible {
  /// One line of `EXPLAIN QUERY PLAN`.
  struct Step {
    var id: Int
    var parent: Int
    var detail: String
  }

  var sql: String
  var steps: [Step]

  /// Tables a statement may read whole, and why that costs nothing.
  static let smallTables: [String: String] = [
    "promotions": "one row per installed promotion; every command lists them",
    "schema_migrations": "one row per schema step; read at open to vet the store",
    "settings": "a few key-value rows",
    "sqlite_master": "the schema itself",
    "sqlite_schema": "the schema itself",
  ]

  /// Columns whose equality narrows nothing: a store holds one or two promotions, so
  /// `promotion=?` alone matches nearly every decision. (Without ANALYZE, SQLite guesses it
  /// matches ten rows, and plans as if it did.)
  static let unselectiveColumns: Set<String> = ["promotion"]

  /// Statements allowed a range without an equality, and why the range is short.
  static let boundedRanges: [String: String] = [
    WalletStore.quotaPaidSQL:
      "counts the rewards paid against a quota; no more than the quota are ever paid"
  ]

  /// What in the plan reads more rows than the statement is about: a `SCAN` of any table but
  /// the small ones (with or without an index, since a full index scan reads as many rows), an
  /// automatic index (built by scanning), or a `SEARCH` whose only equalities are on unselective
  /// columns, e.g. `(promotion=? AND time<?)`, a range over every reward before a time.
  func violations() -> [String] {
    steps.compactMap { step -> String? in
      let words = step.detail.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count >= 2 else { return nil }
      let table = String(words[1])
      if Self.smallTables[table] != nil { return nil }
      switch words[0] {
      case "SCAN":
        return table == "CONSTANT" ? nil : step.detail
      case "SEARCH":
        if step.detail.contains("AUTOMATIC") { return step.detail }
        if Self.boundedRanges[sql] != nil { return nil }
        return hasSelectiveEquality(step.detail) ? nil : step.detail
      default:
        return nil
      }
    }
  }

  private func hasSelectiveEquality(_ detail: String) -> Bool {
    guard let open = detail.lastIndex(of: "("), let close = detail.lastIndex(of: ")"),
      open < close
    else { return false }
    let constraints = detail[detail.index(after: open)..<close].components(separatedBy: " AND ")
    return constraints.contains { constraint in
      guard constraint.hasSuffix("=?"), !constraint.hasSuffix("<=?"), !constraint.hasSuffix(">=?")
      else { return false }
      return !Self.unselectiveColumns.contains(String(constraint.dropLast(2)))
    }
  }

  /// The statement and its plan, indented as SQLite's shell draws it.
  var description: String {
    var lines = [sql]
    func draw(_ parent: Int, depth: Int) {
      for step in steps where step.parent == parent {
        lines.append(String(repeating: "  ", count: depth + 1) + step.detail)
        draw(step.id, depth: depth + 1)
      }
    }
    draw(0, depth: 0)
    if steps.isEmpty { lines.append("  (no plan: not a query)") }
    return lines.joined(separator: "\n")
  }
}
