import Testing
import WalletCore
import WalletIngest
import WalletJobs
import WalletStore

/// The statement import as one call: every row comes back with what became of it, a row that
/// cannot be imported is an error at its line, and a dry run or a purchase without a payment
/// method keeps nothing.
struct StatementImportJobTests {
  static let statement = """
    交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额
    2025-01-03,2025-01-04,消费 某咖啡店,CNY 123.18,CNY 123.18
    2025-01-09,2025-01-10,退货 某咖啡店,CNY 23.18,CNY 23.18
    2025-01-10,2025-01-10,信用卡还款,"CNY 2,000.00","CNY 2,000.00"
    2025-01-15,2025-01-15,刷卡金返还 活动抵扣,CNY100.00,CNY100.00

    """

  let store: WalletStore
  let card = Card(
    id: Identifier("BOCOM"), holder: Identifier("H1"), network: .unionpay, type: .credit,
    role: .primary, issuer: "bocom", last4: "7449")

  init() throws {
    store = try WalletStore.inMemory()
    try store.addCard(card)
  }

  /// A request for the statement above, of the one card, paid with Apple Pay.
  func request(dryRun: Bool = false, method: PaymentMethod? = .applePay)
    -> StatementImportRequest
  {
    var request = StatementImportRequest(bytes: Array(Self.statement.utf8), path: "s/bocom.csv")
    request.card = card
    request.defaultMethod = method
    request.dryRun = dryRun
    return request
  }

  @Test func everyRowComesBackWithItsOutcome() throws {
    let report = try StatementImportJob.run(request(), store: store)
    #expect(report.committed)
    #expect(report.file.format.id == "bocom-credit")
    #expect(report.rows.map(\.line) == [2, 3, 4, 5])
    let purchase = try #require(report.rows[0].id)
    #expect(report.rows[0].outcome == .purchase(.inserted))
    #expect(report.rows[0].methodSource == .commandLine)
    #expect(report.rows[1].outcome == .refund(.applied(to: purchase)))
    #expect(report.rows[2].outcome == nil && report.rows[2].leftOutReason != nil)
    #expect(report.rows[3].outcome == .posting(.credit, .inserted))
    #expect(try store.transaction(purchase)?.refunded == Money(minorUnits: 2318))
    // The stored origin says how the method was decided, as values each language words.
    #expect(try store.origins(of: purchase).first?.methodDecidedBy == .commandLine)
  }

  @Test func importingAgainChangesNothing() throws {
    _ = try StatementImportJob.run(request(), store: store)
    let again = try StatementImportJob.run(request(), store: store)
    #expect(again.rows[0].outcome == .purchase(.unchanged))
    let purchase = try #require(again.rows[0].id)
    #expect(again.rows[1].outcome == .refund(.alreadyApplied(to: purchase)))
    #expect(again.rows[3].outcome == .posting(.credit, .unchanged))
  }

  @Test func aDryRunReportsAndKeepsNothing() throws {
    var stages: [String] = []
    let report = try StatementImportJob.run(request(dryRun: true), store: store) { stage in
      switch stage {
      case .reading(let bytes): stages.append("reading \(bytes)")
      case .storing(let rows): stages.append("storing \(rows)")
      }
    }
    #expect(!report.committed)
    #expect(report.rows[0].outcome == .purchase(.inserted))
    #expect(try store.transactions().isEmpty)
    #expect(stages == ["reading \(Self.statement.utf8.count)", "storing 4"])
  }

  @Test func purchasesWithoutAMethodKeepNothingAndAreNamed() throws {
    let report = try StatementImportJob.run(request(method: nil), store: store)
    #expect(!report.committed)
    #expect(report.purchasesNeedingMethod.map(\.line) == [2])
    #expect(try store.transactions().isEmpty)
  }

  @Test func aRowWithoutItsCardIsAnErrorAtItsLine() throws {
    var request = request()
    request.card = nil
    #expect {
      try StatementImportJob.run(request, store: store)
    } throws: { error in
      guard let error = error as? StatementRowError, case .cardNotNamed = error.problem else {
        return false
      }
      return error.line == 2 && error.file == "s/bocom.csv"
    }
    request.skipInvalid = true
    let report = try StatementImportJob.run(request, store: store)
    #expect(report.skipped.map(\.line) == [2, 3, 5])
    #expect(report.rows.allSatisfy { $0.outcome == nil })
  }

  @Test func aRowsCardIsFoundByItsLastFourOrRefused() throws {
    let cmb = """
      招商银行信用卡对账单（个人消费卡账户 2024年01月）
      交易日,记账日,交易摘要,人民币金额,卡号末四位,交易地金额
      12/25,12/26,某超市,"1,234.50",1234,"1,234.50(CN)"

      """
    var request = StatementImportRequest(bytes: Array(cmb.utf8), path: "cmb.csv")
    request.defaultMethod = .applePay
    func problem() -> StatementRowError.Problem? {
      do {
        _ = try StatementImportJob.run(request, store: store)
        return nil
      } catch {
        return (error as? StatementRowError)?.problem
      }
    }
    guard case .noCard(last4: "1234", holder: nil) = problem() else {
      Issue.record("no card ending 1234 is an error")
      return
    }
    request.card = card
    guard case .otherCard(last4: "1234", chosen: card.id, chosenLast4: "7449") = problem() else {
      Issue.record("the chosen card must end as the row says")
      return
    }
    request.card = nil
    var mine = card
    (mine.id, mine.last4) = (Identifier("CMB"), "1234")
    try store.addCard(mine)
    let report = try StatementImportJob.run(request, store: store)
    #expect(report.rows.map(\.card) == [mine.id])
    #expect(report.rows.map(\.outcome) == [.purchase(.inserted)])
  }
}
