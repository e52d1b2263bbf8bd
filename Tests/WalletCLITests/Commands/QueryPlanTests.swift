import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

@testable import WalletStore

/// The store's questions behind every command that asks about one transaction, one card or one
/// holder must cost an index lookup, not a pass over a table: on a store of millions of
/// transactions, each should take about as long as starting the process. Each case runs the
/// command itself, inside the test process, records every statement its connections run
/// (`StatementRecorder`, opening included), and checks `EXPLAIN QUERY PLAN` of each: a query a
/// command starts to ask is checked without a list to keep.
///
/// The stores are never analysed, since `wallet` never runs ANALYZE: the plans checked are the
/// plans users get. Without statistics the planner's choices do not depend on how many rows
/// there are, so a small store shows the same plans as one of millions of transactions.
struct QueryPlanTests {
  typealias Subjects = PlanStore.Subjects

  /// A command about one transaction, one card or one holder.
  enum Command: String, CaseIterable, CustomTestStringConvertible {
    case explainRewarded = "wallet explain TXN (rewarded)"
    case explainRefused = "wallet explain TXN (refused)"
    case explainForfeited = "wallet explain TXN --promotion P (refunded, its reward taken back)"
    case explainNamedEnrollment = "wallet explain TXN (naming its binding)"
    case explainUnderLimits = "wallet explain TXN --promotion P (a threshold and limits)"
    case explainAsJSON = "wallet explain TXN --format json"
    case checkCard = "wallet check CARD"
    case checkCardEarns = "wallet check CARD --earn --at T"
    case checkHolder = "wallet check --holder H --amount A"
    case checkHolderAsJSON = "wallet check --holder H --amount A --format json"
    case statementOfHolder = "wallet statement --holder H"
    case statementOfHolderInCycleAsCSV = "wallet statement --holder H --cycle D --format csv"
    case statementOfHolderAsJSON = "wallet statement --holder H --format json"
    case statementOfHolderWithoutBindings = "wallet statement --holder H (never bound)"
    case transactionsOfCard = "wallet txn list --card C"
    case transactionsOfHolder = "wallet txn list --holder H"
    case transactionsOfHolderInCycle = "wallet txn list --holder H --cycle D"
    case transactionsOfCardBetween = "wallet txn list --card C --from D --to D"
    case waitingRefundsOfHolder = "wallet txn list --waiting --holder H"
    case waitingRefundsOfCard = "wallet txn list --waiting --card C"
    case reconcileHolder = "wallet reconcile --holder H"
    case payFromHolder = "wallet pay REQUEST --holder H"
    case payWithCard = "wallet pay REQUEST --card C"
    case cardsOfHolder = "wallet card list --holder H"
    case enrollmentsOfCard = "wallet enrollment list --card C"
    case postingsOfHolder = "wallet posting list --holder H"
    case postingsOfCard = "wallet posting list --card C"

    var testDescription: String { rawValue }

    /// The command line, about `subjects`.
    func arguments(_ subjects: Subjects) -> [String] {
      let request = WalletProcess.packageRoot.appendingPathComponent(
        "data/requests/unionpay-emv-cny.json"
      ).path
      return switch self {
      case .explainRewarded: ["explain", subjects.rewarded]
      case .explainRefused: ["explain", subjects.refused]
      case .explainForfeited: ["explain", subjects.forfeited, "--promotion", PlanStore.limited]
      case .explainNamedEnrollment: ["explain", PlanStore.namingEnrollment]
      case .explainUnderLimits:
        ["explain", subjects.rewardedUnderLimits, "--promotion", PlanStore.thresholds]
      case .explainAsJSON: ["explain", subjects.rewarded, "--format", "json"]
      case .checkCard: ["check", subjects.card]
      case .checkCardEarns: ["check", subjects.card, "--earn", "--at", "2026-06-15T12:00"]
      case .checkHolder: ["check", "--holder", subjects.holder, "--amount", "200"]
      case .checkHolderAsJSON:
        ["check", "--holder", subjects.holder, "--amount", "200", "--format", "json"]
      case .statementOfHolder: ["statement", "--holder", subjects.holder]
      case .statementOfHolderInCycleAsCSV:
        // CSV holds one promotion, named with --promotion.
        [
          "statement", "--holder", subjects.holder, "--cycle", subjects.cycleStart, "--format",
          "csv", "--promotion", "bocom-applepay-monthly",
        ]
      case .statementOfHolderAsJSON: ["statement", "--holder", subjects.holder, "--format", "json"]
      case .statementOfHolderWithoutBindings: ["statement", "--holder", PlanStore.unboundHolder]
      case .transactionsOfCard: ["txn", "list", "--card", subjects.card]
      case .transactionsOfHolder: ["txn", "list", "--holder", subjects.holder]
      case .transactionsOfHolderInCycle:
        [
          "txn", "list", "--holder", subjects.holder, "--cycle", subjects.cycleStart,
          "--promotion", "bocom-applepay-monthly",
        ]
      case .transactionsOfCardBetween:
        ["txn", "list", "--card", subjects.card, "--from", "2026-03", "--to", "2026-08-15"]
      case .waitingRefundsOfHolder:
        ["txn", "list", "--waiting", "--holder", PlanStore.waitingHolder]
      case .waitingRefundsOfCard: ["txn", "list", "--waiting", "--card", PlanStore.waitingCard]
      case .reconcileHolder: ["reconcile", "--holder", subjects.holder]
      case .payFromHolder: ["pay", request, "--holder", subjects.holder]
      case .payWithCard: ["pay", request, "--card", subjects.card]
      case .cardsOfHolder: ["card", "list", "--holder", subjects.holder]
      case .enrollmentsOfCard: ["enrollment", "list", "--card", subjects.card]
      case .postingsOfHolder: ["posting", "list", "--holder", subjects.holder]
      case .postingsOfCard: ["posting", "list", "--card", subjects.card]
      }
    }
  }

  @Test(
    "every statement a command runs finds its rows through an index", arguments: Command.allCases)
  func everyStatementSearches(command: Command) throws {
    let session = try PlanStore.template.session()
    let plans = try Self.plans(of: try Self.statements(of: command, in: session), in: session)
    Attachment.record(Self.describe(plans), named: "plans of \(command.rawValue).txt")
    #expect(plans.contains { !$0.steps.isEmpty }, "the command asked no query at all")
    for plan in plans {
      let violations = plan.violations()
      #expect(
        violations.isEmpty,
        "\(command.rawValue) reads more than it returns (\(violations.joined(separator: "; "))):\n\(plan)"
      )
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
      ("refunds_by_transaction", Command.explainRewarded),
    ])
  func droppedIndexIsCaught(index: String, command: Command) throws {
    let session = try PlanStore.template.session()
    try Database(path: session.database, mode: .readWrite).execute("DROP INDEX \(index)")
    let plans = try Self.plans(of: try Self.statements(of: command, in: session), in: session)
    let violations = plans.flatMap { $0.violations() }
    #expect(!violations.isEmpty, "no scan reported without \(index):\n\(Self.describe(plans))")
  }

  /// The check can fail for a query no test knew of: whatever a connection opened while
  /// recording runs is recorded, and a query no index answers is reported.
  @Test func aQueryWithoutAnIndexIsCaught() throws {
    let session = try PlanStore.template.session()
    let recorder = StatementRecorder()
    try recorder.recording {
      let database = try Database(path: session.database, mode: .readOnly)
      _ = try database.scalar("SELECT count(*) FROM transactions WHERE merchant = ?", ["shop"])
    }
    let plans = try Self.plans(of: recorder.recorded, in: session)
    #expect(plans.contains { $0.sql.contains("merchant = ?") })
    #expect(plans.flatMap { $0.violations() } == ["SCAN transactions"])
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

  /// A range allowed for being short is allowed only through the index that keeps it short.
  @Test(
    "a bounded range is a violation through any other index",
    arguments: [
      ("SEARCH decisions USING COVERING INDEX rewards_by_time (promotion=? AND time<?)", false),
      ("SEARCH decisions USING PRIMARY KEY (promotion=?)", true),
      ("SEARCH decisions USING INDEX decisions_by_time (promotion=? AND time<?)", true),
    ])
  func boundedRangesNeedTheirIndex(detail: String, isViolation: Bool) {
    let plan = QueryPlan(
      sql: WalletStore.quotaPaidSQL, steps: [.init(id: 2, parent: 0, detail: detail)])
    #expect(plan.violations().isEmpty == !isViolation)
  }

  // MARK: What a command asks

  /// The SQL of every statement `command` runs against the session's store, in order, each
  /// once. The command must answer (0, or 1 for a "no").
  static func statements(of command: Command, in session: StoreSession) throws -> [String] {
    let arguments = command.arguments(try Subjects(session))
    let recorder = StatementRecorder()
    let result = try recorder.recording { try session.run(arguments) }
    #expect([0, 1].contains(result.status), "\(arguments): \(result.stderr)")
    return recorder.recorded
  }

  // MARK: Plans

  /// Each statement's plan, read on a connection of its own. A temporary table the command made
  /// (what-ifs under a promotion with limits keep the holders they decide again in one) is made
  /// on that connection too, in the order recorded, so that the statements that read it can be
  /// planned.
  static func plans(of statements: [String], in session: StoreSession) throws -> [QueryPlan] {
    let database = try Database(path: session.database, mode: .readOnly)
    return try statements.map { sql in
      if sql.uppercased().hasPrefix("CREATE TEMP") { try database.execute(sql) }
      let explain = "EXPLAIN QUERY PLAN " + sql
      // Parameters as the statement was prepared: unbound, which SQLite reads as NULL.
      let unbound = [(any DatabaseValueConvertible)?](
        repeating: nil, count: try database.prepare(explain).parameterCount)
      let steps = try database.fetchAll(explain, unbound) { row in
        QueryPlan.Step(id: row.int(at: 0), parent: row.int(at: 1), detail: row.string(at: 3))
      }
      return QueryPlan(sql: sql, steps: steps)
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
    "affected_holders":
      "temporary: the holders whose purchases a what-if decides again, one for a question",
    "sqlite_master": "the schema itself",
    "sqlite_schema": "the schema itself",
  ]

  /// Columns whose equality narrows nothing: a store holds one or two promotions, so
  /// `promotion=?` alone matches nearly every decision. (Without ANALYZE, SQLite guesses it
  /// matches ten rows, and plans as if it did.)
  static let unselectiveColumns: Set<String> = ["promotion"]

  /// Statements allowed a range without an equality, the index whose range is short, and why.
  static let boundedRanges: [String: (index: String, why: String)] = [
    WalletStore.quotaPaidSQL: (
      "rewards_by_time",
      "counts the rewards paid against a quota before an instant; no more than the quota are "
        + "ever paid"
    ),
    WalletStore.quotaSettlementSQL: (
      "rewards_by_time",
      "the reward that used up the quota: the quota's number of rewards in time order"
    ),
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
        if let bounded = Self.boundedRanges[sql], step.detail.contains(" \(bounded.index) ") {
          return nil
        }
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
