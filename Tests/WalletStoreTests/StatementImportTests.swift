import Testing
import WalletCore

@testable import WalletStore

extension Identifier: ExpressibleByStringLiteral {
  /// Ids written as literals in tests.
  public init(stringLiteral value: String) { self.init(value) }
}

/// Importing what an export holds: the same purchase seen in an app export and on the card's
/// statement is kept once, refunds find their purchase (or wait for it), and importing again
/// changes nothing.
struct StatementImportTests {
  let store: WalletStore

  init() throws {
    store = try WalletStore.inMemory()
    try store.addCard(
      Card(
        id: "BOCOM", holder: "H1", network: .unionpay, type: .credit, role: .primary,
        issuer: "bocom", last4: "7449"))
    try store.addEnrollment(
      Enrollment(
        id: "E1", card: "BOCOM", channel: .bankApp, enrolledAt: instant("2026-01-01T00:00")))
  }

  static let statement = ImportOrigin(
    format: "bocom-credit", sourceKind: .cardStatement, file: "bocom.csv", line: 2,
    methodDecidedBy: .commandLine)
  static let app = ImportOrigin(
    format: "alipay", sourceKind: .appExport, file: "alipay.csv", line: 30,
    methodDecidedBy: .formatRule(format: "alipay", number: 1, reason: "paid through Alipay"))

  func purchase(
    _ id: Identifier, _ time: String, _ amount: Int64, merchant: String?,
    method: PaymentMethod = .applePay, origin: ImportOrigin = statement
  ) -> ImportedPurchase {
    ImportedPurchase(
      transaction: Transaction(
        id: id, card: "BOCOM", time: instant(time), amount: Money(minorUnits: amount),
        method: method, merchant: merchant),
      origin: origin)
  }

  func refund(
    _ id: Identifier, _ date: String, _ amount: Int64, merchant: String?,
    refunds named: Identifier? = nil
  ) -> ImportedRefund {
    let start = instant(date + "T00:00")
    return ImportedRefund(
      id: id, card: "BOCOM", time: start,
      latestPurchase: Instant(
        nanosecondsSinceEpoch: start.nanosecondsSinceEpoch + 86_399_000_000_000),
      amount: Money(minorUnits: amount), merchant: merchant, refundedTransaction: named,
      origin: Self.statement)
  }

  @Test func importingTheSameStatementAgainChangesNothing() throws {
    let file = StatementImport(
      purchases: [
        purchase("S1", "2026-11-23T00:00", 12_000, merchant: "某咖啡店"),
        purchase("S2", "2026-11-23T00:00", 30_000, merchant: "某超市"),
      ],
      refunds: [refund("R1", "2026-11-25", 5_000, merchant: "某超市")],
      postings: [
        Posting(
          id: "P1", card: "BOCOM", date: CivilDate(year: 2026, month: 12, day: 5), kind: .credit,
          amount: Money(minorUnits: 1_000))
      ])
    let first = try store.importStatement(file)
    #expect(first.purchases == [.inserted, .inserted])
    #expect(first.refunds == [.applied(to: "S2")])
    #expect(first.postings == [.inserted])
    let before = try store.transactions()
    let second = try store.importStatement(file)
    #expect(second.purchases == [.unchanged, .unchanged])
    #expect(second.refunds == [.alreadyApplied(to: "S2")])
    #expect(second.postings == [.unchanged])
    #expect(try store.transactions() == before)
    #expect(try store.transaction("S2")?.refunded == Money(minorUnits: 5_000))
    #expect(try store.materialisedDifferences().isEmpty)
  }

  @Test func aStatementRowSeenAfterTheAppsRowIsTheSamePurchase() throws {
    _ = try store.importStatement(
      StatementImport(purchases: [
        purchase(
          "alipay:2026112322001", "2026-11-22T23:40:12", 15_000, merchant: "某餐厅",
          method: .other, origin: Self.app)
      ]))
    let report = try store.importStatement(
      StatementImport(purchases: [
        purchase("S1", "2026-11-23T00:00", 15_000, merchant: "支付宝-某餐厅", method: .other)
      ]))
    #expect(report.purchases == [.sameAs("alipay:2026112322001")])
    let stored = try store.transactions()
    #expect(stored.map(\.id) == ["alipay:2026112322001"])
    #expect(stored.first?.merchant == "某餐厅")
    let again = try store.importStatement(
      StatementImport(purchases: [
        purchase("S1", "2026-11-23T00:00", 15_000, merchant: "支付宝-某餐厅", method: .other)
      ]))
    #expect(again.purchases == [.alreadySeenAs("alipay:2026112322001")])
    #expect(
      try store.origins(of: "alipay:2026112322001").map(\.record) == ["alipay:2026112322001", "S1"])
  }

  @Test func anAppsRowSeenAfterTheStatementTakesItsPlaceWithItsRefunds() throws {
    _ = try store.importStatement(
      StatementImport(
        purchases: [
          purchase("S1", "2026-11-23T00:00", 15_000, merchant: "支付宝-某餐厅", method: .other)
        ],
        refunds: [refund("R1", "2026-11-24", 3_000, merchant: "支付宝-某餐厅")]))
    let report = try store.importStatement(
      StatementImport(purchases: [
        purchase(
          "alipay:1", "2026-11-22T23:40:12", 15_000, merchant: "某餐厅", method: .other,
          origin: Self.app)
      ]))
    #expect(report.purchases == [.replacedStatementRow("S1")])
    let stored = try #require(try store.transaction("alipay:1"))
    #expect(stored.refunded == Money(minorUnits: 3_000))
    #expect(stored.time == instant("2026-11-22T23:40:12"))
    #expect(try store.transaction("S1") == nil)
    #expect(try store.refunds(of: "alipay:1").count == 1)
    // The statement again: its purchase is the app's row now, and its refund already applied.
    let again = try store.importStatement(
      StatementImport(
        purchases: [
          purchase("S1", "2026-11-23T00:00", 15_000, merchant: "支付宝-某餐厅", method: .other)
        ],
        refunds: [refund("R1", "2026-11-24", 3_000, merchant: "支付宝-某餐厅")]))
    #expect(again.purchases == [.alreadySeenAs("alipay:1")])
    #expect(again.refunds == [.alreadyApplied(to: "alipay:1")])
    #expect(try store.materialisedDifferences().isEmpty)
  }

  @Test func purchasesMoreThanADayApartAreNotPaired() throws {
    _ = try store.importStatement(
      StatementImport(purchases: [
        purchase("alipay:1", "2026-11-20T10:00", 15_000, merchant: "某餐厅", origin: Self.app)
      ]))
    let report = try store.importStatement(
      StatementImport(purchases: [purchase("S1", "2026-11-23T00:00", 15_000, merchant: "某餐厅")])
    )
    #expect(report.purchases == [.inserted])
  }

  @Test func aRefundBeforeItsPurchaseWaitsAndIsAppliedWhenThePurchaseArrives() throws {
    let early = try store.importStatement(
      StatementImport(refunds: [refund("R1", "2026-12-02", 4_000, merchant: "某书店")]))
    #expect(early.refunds == [.waiting])
    #expect(early.waitingRefunds.map(\.id) == ["R1"])
    let later = try store.importStatement(
      StatementImport(purchases: [
        purchase("S1", "2026-11-28T00:00", 20_000, merchant: "某书店")
      ]))
    #expect(later.appliedEarlierRefunds.map(\.refund) == ["R1"])
    #expect(later.waitingRefunds.isEmpty)
    #expect(try store.transaction("S1")?.refunded == Money(minorUnits: 4_000))
    #expect(try store.materialisedDifferences().isEmpty)
  }

  @Test func aRefundGoesToTheLatestPurchaseWithEnoughLeft() throws {
    let report = try store.importStatement(
      StatementImport(
        purchases: [
          purchase("S1", "2026-11-23T00:00", 10_000, merchant: "某店"),
          purchase("S2", "2026-11-25T00:00", 5_000, merchant: "某店"),
          purchase("S3", "2026-11-27T00:00", 9_000, merchant: "别的店"),
          purchase("S4", "2026-11-29T00:00", 9_000, merchant: "某店"),
        ],
        refunds: [refund("R1", "2026-11-28", 8_000, merchant: "某店")]))
    // S4 is after the refund, S3 another merchant, S2 has too little left: S1.
    #expect(report.refunds == [.applied(to: "S1")])
  }

  @Test func aRefundNamingItsOrderFindsItThroughTheOrderID() throws {
    let report = try store.importStatement(
      StatementImport(
        purchases: [
          purchase("alipay:A1", "2026-11-23T12:00", 10_000, merchant: "某店", origin: Self.app)
        ],
        refunds: [
          refund("alipay:A1_R", "2026-11-24", 10_000, merchant: "退款-某店", refunds: "alipay:A1")
        ]))
    #expect(report.refunds == [.applied(to: "alipay:A1")])
    let decision = try #require(
      try store.decision(transaction: "alipay:A1", promotion: "bocom-applepay-monthly"))
    #expect(decision.outcome.reason == .refunded)
  }

  @Test func aDryRunReportsAndWritesNothing() throws {
    let report = try store.importStatement(
      StatementImport(purchases: [purchase("S1", "2026-11-23T00:00", 12_000, merchant: nil)]),
      dryRun: true)
    #expect(report.purchases == [.inserted])
    #expect(try store.transactions().isEmpty)
    #expect(try store.waitingRefunds().isEmpty)
  }

  @Test func aChangedRowConflictsUnlessReplaced() throws {
    _ = try store.importStatement(
      StatementImport(purchases: [purchase("S1", "2026-11-23T00:00", 12_000, merchant: "某店")]))
    #expect {
      try store.importStatement(
        StatementImport(purchases: [
          purchase("S1", "2026-11-23T00:00", 12_000, merchant: "某店", method: .card)
        ]))
    } throws: { error in
      (error as? StatementImportError)?.error
        == StoreError.conflict(kind: .transaction, id: "S1")
    }
    let replaced = try store.importStatement(
      StatementImport(purchases: [
        purchase("S1", "2026-11-23T00:00", 12_000, merchant: "某店", method: .card)
      ]), replace: true)
    #expect(replaced.purchases == [.replaced])
    #expect(try store.transaction("S1")?.method == .card)
  }
  func appRefund(_ id: Identifier, _ time: String, _ amount: Int64, merchant: String?)
    -> ImportedRefund
  {
    ImportedRefund(
      id: id, card: "BOCOM", time: instant(time), latestPurchase: instant(time),
      amount: Money(minorUnits: amount), merchant: merchant, refundedTransaction: nil,
      origin: Self.app)
  }

  @Test(arguments: [false, true])
  func theSameRefundInBothExportsIsAppliedOnce(appFirst: Bool) throws {
    let app = StatementImport(
      purchases: [
        purchase(
          "wechat:1", "2026-06-02T12:30:45", 2_816, merchant: "某咖啡店", method: .other,
          origin: Self.app)
      ],
      refunds: [appRefund("wechat:2", "2026-06-03T09:00", 1_000, merchant: "某咖啡店")])
    let statement = StatementImport(
      purchases: [
        purchase("S1", "2026-06-03T00:00", 2_816, merchant: "财付通-某咖啡店", method: .other)
      ],
      refunds: [refund("R1", "2026-06-04", 1_000, merchant: "财付通-某咖啡店")])
    let first = try store.importStatement(appFirst ? app : statement)
    let second = try store.importStatement(appFirst ? statement : app)
    let stored = try #require(try store.transactions().first)
    #expect(try store.transactions().count == 1)
    #expect(stored.refunded == Money(minorUnits: 1_000))
    let sightings = first.refunds + second.refunds
    #expect(sightings.filter { if case .sameAs = $0 { true } else { false } }.count == 1)
    // Both files again: nothing more.
    _ = try store.importStatement(app)
    _ = try store.importStatement(statement)
    #expect(try store.transactions().first?.refunded == Money(minorUnits: 1_000))
    #expect(try store.materialisedDifferences().isEmpty)
  }

  @Test func aPurchaseWithoutAMethodIsTakenOnlyAsASecondSighting() throws {
    _ = try store.importStatement(
      StatementImport(purchases: [
        purchase(
          "wechat:1", "2026-06-02T12:30:45", 2_816, merchant: "某咖啡店", method: .other,
          origin: Self.app)
      ]))
    var seen = purchase("S1", "2026-06-03T00:00", 2_816, merchant: "某咖啡店", method: .other)
    seen.methodIsUndecided = true
    var unseen = purchase("S2", "2026-06-03T00:00", 5_000, merchant: "某书店", method: .other)
    unseen.methodIsUndecided = true
    let refused = try store.importStatement(StatementImport(purchases: [seen, unseen]))
    #expect(refused.purchases == [.sameAs("wechat:1"), .needsMethod])
    #expect(!refused.committed)
    #expect(try store.origins(of: "wechat:1").count == 1)
    let kept = try store.importStatement(StatementImport(purchases: [seen]))
    #expect(kept.purchases == [.sameAs("wechat:1")])
    #expect(kept.committed)
    #expect(try store.origins(of: "wechat:1").count == 2)
  }

  @Test func aWaitingRefundIsAppliedWhenItsPurchaseIsAddedAnyWay() throws {
    _ = try store.importStatement(
      StatementImport(refunds: [refund("R1", "2026-12-02", 8_000, merchant: "某鞋店")]))
    try store.addTransaction(
      Transaction(
        id: "T1", card: "BOCOM", time: instant("2026-11-30T10:00"),
        amount: Money(minorUnits: 8_500), merchant: "某鞋店"))
    #expect(try store.transaction("T1")?.refunded == Money(minorUnits: 8_000))
    #expect(try store.waitingRefunds().isEmpty)
    _ = try store.importStatement(
      StatementImport(refunds: [refund("R2", "2026-12-03", 2_000, merchant: "某鞋店")]))
    let report = try store.importTransactions(
      [
        Transaction(
          id: "T0", card: "BOCOM", time: instant("2026-11-29T10:00"),
          amount: Money(minorUnits: 3_000), merchant: "某鞋店")
      ], policy: ImportPolicy())
    #expect(report.appliedWaitingRefunds == 1)
    #expect(try store.transaction("T0")?.refunded == Money(minorUnits: 2_000))
    #expect(try store.materialisedDifferences().isEmpty)
  }

  @Test func aRefusedRowIsNamedByItsPlaceInTheImport() throws {
    _ = try store.importStatement(
      StatementImport(postings: [
        Posting(
          id: "P1", card: "BOCOM", date: CivilDate(year: 2026, month: 12, day: 5), kind: .credit,
          amount: Money(minorUnits: 1_000))
      ]))
    #expect {
      try store.importStatement(
        StatementImport(postings: [
          Posting(
            id: "P0", card: "BOCOM", date: CivilDate(year: 2026, month: 12, day: 5),
            kind: .credit, amount: Money(minorUnits: 1_000)),
          Posting(
            id: "P1", card: "BOCOM", date: CivilDate(year: 2026, month: 12, day: 5),
            kind: .credit, amount: Money(minorUnits: 2_000)),
        ]))
    } throws: { error in
      (error as? StatementImportError)?.entry == .posting(1)
    }
  }
}
