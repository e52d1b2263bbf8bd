import Testing
import WalletCore

@testable import WalletStore

/// A refund kept until its purchase arrives never blocks that purchase: when it cannot belong
/// to it (more than the purchase's amount, or another card), the purchase is stored however it
/// arrives, and the refund keeps waiting with its reason until it fits or is removed.
struct WaitingRefundTests {
  let store: WalletStore

  init() throws {
    store = try WalletStore.inMemory()
    for (id, last4) in [("BOCOM", "7449"), ("OTHER", "1234")] {
      try store.addCard(
        Card(
          id: Identifier(id), holder: "H1", network: .unionpay, type: .credit, role: .primary,
          issuer: "bocom", last4: last4))
    }
    try store.addEnrollment(
      Enrollment(
        id: "E1", card: "BOCOM", channel: .bankApp, enrolledAt: instant("2023-01-01T00:00")))
  }

  static let app = ImportOrigin(
    format: "alipay", sourceKind: .appExport, file: "refund.csv", line: 2,
    methodDecidedBy: .formatRule(format: "alipay", number: 1, reason: "paid through Alipay"))

  /// Alipay's refund `<order>_<n>`, naming its order.
  func refund(_ id: Identifier, of order: Identifier, _ amount: Int64, card: Identifier = "BOCOM")
    -> ImportedRefund
  {
    ImportedRefund(
      id: id, card: card, time: instant("2023-02-14T12:00"),
      latestPurchase: instant("2023-02-14T12:00"), amount: Money(minorUnits: amount),
      merchant: "某超市", refundedTransaction: order, origin: Self.app)
  }

  func purchase(_ id: Identifier, _ amount: Int64, card: Identifier = "BOCOM") -> Transaction {
    Transaction(
      id: id, card: card, time: instant("2023-02-13T09:15"), amount: Money(minorUnits: amount),
      method: .other, merchant: "某超市")
  }

  func imported(_ transaction: Transaction) -> ImportedPurchase {
    ImportedPurchase(transaction: transaction, origin: Self.app)
  }

  /// The case of the review: ¥20 refunded before its ¥10 purchase arrives.
  func keepTheRefund() throws {
    let report = try store.importStatement(
      StatementImport(refunds: [refund("alipay:LATER_1", of: "alipay:LATER", 2_000)]))
    #expect(report.refunds == [.waiting])
    #expect(report.waitingRefunds.map(\.reason) == [nil])
  }

  static let tooMuch = WaitingRefund.Reason.moreThanThePurchase(
    "alipay:LATER", left: Money(minorUnits: 1_000), amount: Money(minorUnits: 1_000))

  @Test(arguments: [false, true])
  func aPurchaseWhoseWaitingRefundIsLargerIsImportedFromAStatement(replace: Bool) throws {
    try keepTheRefund()
    let report = try store.importStatement(
      StatementImport(purchases: [imported(purchase("alipay:LATER", 1_000))]), replace: replace)
    #expect(report.committed)
    #expect(report.purchases == [.inserted])
    #expect(report.appliedEarlierRefunds.isEmpty)
    #expect(report.waitingRefunds.map(\.id) == ["alipay:LATER_1"])
    #expect(report.waitingRefunds.map(\.reason) == [Self.tooMuch])
    #expect(try store.transaction("alipay:LATER")?.refunded == .zero)
    #expect(try store.materialisedDifferences().isEmpty)
  }

  @Test(arguments: [false, true])
  func aPurchaseWhoseWaitingRefundIsLargerIsImportedFromATransactionsFile(skipInvalid: Bool)
    throws
  {
    try keepTheRefund()
    let report = try store.importTransactions(
      [purchase("alipay:LATER", 1_000)], policy: ImportPolicy(skipInvalid: skipInvalid))
    #expect(report.inserted == 1 && report.rejected.isEmpty)
    #expect(report.appliedWaitingRefunds == 0)
    #expect(try store.waitingRefunds().map(\.reason) == [Self.tooMuch])
    // Replaced by the same file with another amount: still stored, still waiting.
    var smaller = purchase("alipay:LATER", 500)
    smaller.merchant = "某超市"
    let replaced = try store.importTransactions([smaller], policy: ImportPolicy(replace: true))
    #expect(replaced.replaced == 1)
    #expect(
      try store.waitingRefunds().map(\.reason) == [
        .moreThanThePurchase(
          "alipay:LATER", left: Money(minorUnits: 500), amount: Money(minorUnits: 500))
      ])
    #expect(try store.materialisedDifferences().isEmpty)
  }

  @Test func aPurchaseWhoseWaitingRefundIsLargerIsRecordedByHand() throws {
    try keepTheRefund()
    #expect(try store.addTransaction(purchase("alipay:LATER", 1_000)) == .inserted)
    #expect(try store.waitingRefunds().map(\.reason) == [Self.tooMuch])
    // Corrected to the amount the refund fits: the refund is applied as any other.
    #expect(try store.addTransaction(purchase("alipay:LATER", 2_500), replace: true) == .replaced)
    #expect(try store.transaction("alipay:LATER")?.refunded == Money(minorUnits: 2_000))
    #expect(try store.waitingRefunds().isEmpty)
    #expect(try store.materialisedDifferences().isEmpty)
  }

  @Test func aRefundThatFitsIsAppliedAndTheNextOneWaitsForWhatIsLeft() throws {
    _ = try store.importStatement(
      StatementImport(refunds: [
        refund("alipay:LATER_1", of: "alipay:LATER", 600),
        refund("alipay:LATER_2", of: "alipay:LATER", 600),
      ]))
    let report = try store.importStatement(
      StatementImport(purchases: [imported(purchase("alipay:LATER", 1_000))]))
    #expect(report.appliedEarlierRefunds.map(\.refund) == ["alipay:LATER_1"])
    #expect(report.waitingRefunds.map(\.id) == ["alipay:LATER_2"])
    #expect(
      report.waitingRefunds.map(\.reason) == [
        .moreThanThePurchase(
          "alipay:LATER", left: Money(minorUnits: 400), amount: Money(minorUnits: 1_000))
      ])
    #expect(try store.transaction("alipay:LATER")?.refunded == Money(minorUnits: 600))
  }

  @Test func aRefundArrivingAfterAPurchaseItDoesNotFitWaitsAndImportingItAgainChangesNothing()
    throws
  {
    _ = try store.importStatement(
      StatementImport(purchases: [imported(purchase("alipay:LATER", 1_000))]))
    let file = StatementImport(refunds: [refund("alipay:LATER_1", of: "alipay:LATER", 2_000)])
    let first = try store.importStatement(file)
    #expect(first.refunds == [.waitingBecause(Self.tooMuch)])
    let again = try store.importStatement(file)
    #expect(again.refunds == [.waitingBecause(Self.tooMuch)])
    #expect(try store.waitingRefunds().count == 1)
    #expect(try store.transaction("alipay:LATER")?.refunded == .zero)
  }

  @Test func aRefundNamingAPurchaseOnAnotherCardSaysSo() throws {
    _ = try store.importStatement(
      StatementImport(refunds: [refund("alipay:LATER_1", of: "alipay:LATER", 500)]))
    _ = try store.importStatement(
      StatementImport(purchases: [imported(purchase("alipay:LATER", 1_000, card: "OTHER"))]))
    #expect(
      try store.waitingRefunds().map(\.reason) == [
        .purchaseOnAnotherCard("alipay:LATER", card: "OTHER")
      ])
    #expect(try store.transaction("alipay:LATER")?.refunded == .zero)
  }

  @Test func aWaitingRefundsReasonHasAStableCode() throws {
    var refund = WaitingRefund(
      id: "alipay:LATER_1", card: "BOCOM", time: instant("2023-02-14T12:00"),
      amount: Money(minorUnits: 2_000), merchant: "某超市", file: "refund.csv", line: 2,
      purchase: "alipay:LATER", reason: nil)
    #expect(refund.reasonCode == "purchase-not-in-store")
    refund.reason = Self.tooMuch
    #expect(refund.reasonCode == "more-than-the-purchase")
    refund.reason = .purchaseOnAnotherCard("alipay:LATER", card: "OTHER")
    #expect(refund.reasonCode == "purchase-on-another-card")
    refund.purchase = nil
    refund.reason = nil
    #expect(refund.reasonCode == "no-matching-purchase")
  }

  @Test func aWaitingRefundIsRemovedByItsIdAndNothingElseChanges() throws {
    try keepTheRefund()
    try store.addTransaction(purchase("alipay:LATER", 1_000))
    #expect(try store.removeWaitingRefund("alipay:NONE") == nil)
    let removed = try #require(try store.removeWaitingRefund("alipay:LATER_1"))
    #expect(removed.amount == Money(minorUnits: 2_000) && removed.file == "refund.csv")
    #expect(removed.reason == Self.tooMuch)
    #expect(try store.waitingRefunds().isEmpty)
    #expect(try store.waitingRefund("alipay:LATER_1") == nil)
    #expect(try store.transaction("alipay:LATER") != nil)
    #expect(try store.materialisedDifferences().isEmpty)
  }
}
