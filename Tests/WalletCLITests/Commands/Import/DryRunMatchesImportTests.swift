import Foundation
import Testing
import WalletCommandTesting
import WalletCore
import WalletIngest
import WalletJobs
import WalletStore
import WalletTestSupport

/// `import statement --dry-run` says what the same command without it does, row by row and in
/// its summary, and changes nothing; an import that is not kept says what it would have
/// applied, never that it applied it.
struct DryRunMatchesImportTests {
  static let bocomHeader = "交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额"

  /// A store with the BoCom card C1 (7449) and an earlier Apple Pay purchase T2 at 某咖啡店.
  static let walletWithT2 = StoreTemplate { session in
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "C1", "--holder", "H1", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom", "--last4", "7449",
    ])
    try session.write(
      "t.csv",
      """
      id,card,time,amount,method,merchant
      T2,C1,2025-01-02T10:00,100.00,apple-pay,某咖啡店

      """)
    try session.succeed(["import", "transactions", "t.csv"])
    try session.write(
      "s.csv",
      """
      \(bocomHeader)
      2025-01-03,2025-01-04,消费 某咖啡店,CNY 123.18,CNY 123.18
      2025-01-09,2025-01-10,退货 某咖啡店,CNY 23.18,CNY 23.18

      """)
  }

  static let purchase = "bocom-credit:C1:2025-01-03:001:123.18"

  /// The issue's statement: its refund goes to the purchase beside it whether or not a method
  /// was given, in the dry run as in the import; the import without one keeps nothing and says
  /// the refund would have been applied.
  @Test func theRefundGoesWhereTheImportPutsItWithOrWithoutAMethod() throws {
    let session = try Self.walletWithT2.session()
    let dry = try session.run(["import", "statement", "s.csv", "--card", "C1", "--dry-run"])
    #expect(dry.status == 65)
    let refundRow = try #require(dry.stdout.lines.first { $0.hasPrefix("   3  refund") })
    #expect(refundRow.hasSuffix("refunds \(Self.purchase)"), "\(dry.stdout)")
    let failed = try session.run(["import", "statement", "s.csv", "--card", "C1"])
    #expect(failed.status == 65 && failed.stderr == dry.stderr, "\(failed.stderr)")
    #expect(failed.stderr.contains("2 rows (nothing written)"))
    #expect(failed.stderr.contains("  refunds: 1 (1 would be applied)\n"), "\(failed.stderr)")
    #expect(!failed.stderr.contains("1 applied"), "\(failed.stderr)")

    try session.succeed(["import", "statement", "s.csv", "--card", "C1", "--method", "apple-pay"])
    let listed = try session.succeed(["txn", "list", "--format", "csv"]).stdout.lines
    #expect(listed.contains { $0.hasPrefix("\(Self.purchase),") && $0.contains(",23.18,") })
    #expect(listed.contains { $0.hasPrefix("T2,") && $0.contains(",settled,0.00,") })
  }

  /// A refund kept from an earlier import, which a purchase of a failing import would apply:
  /// said as what it would refund, in English and in Chinese.
  @Test(arguments: [
    ("en", "  refund {r}, kept from an earlier import, would refund {p}", "1 would be applied"),
    ("zh-Hans", "  上次导入暂存的退款 {r} 本会冲抵 {p}", "本会冲抵 1"),
  ])
  func anEarlierRefundThatWouldApplyIsSaidAsSuch(
    language: String, earlierLine: String, count: String
  ) throws {
    let session = try Self.walletWithT2.session()
    try session.write(
      "refund.csv",
      """
      \(Self.bocomHeader)
      2025-01-20,2025-01-20,退货 某书店,CNY 5.00,CNY 5.00

      """)
    try session.write(
      "purchase.csv",
      """
      \(Self.bocomHeader)
      2025-01-19,2025-01-19,消费 某书店,CNY 50.00,CNY 50.00
      2025-01-21,2025-01-21,退货 某书店,CNY 1.00,CNY 1.00

      """)
    try session.succeed(["import", "statement", "refund.csv", "--card", "C1"])
    let refund = "bocom-credit:C1:2025-01-20:refund:001:5.00"
    let purchase = "bocom-credit:C1:2025-01-19:001:50.00"
    let line = earlierLine.replacingOccurrences(of: "{r}", with: refund)
      .replacingOccurrences(of: "{p}", with: purchase)
    let arguments = ["import", "statement", "purchase.csv", "--card", "C1", "--lang", language]
    let failed = try session.run(arguments)
    #expect(failed.status == 65)
    #expect(failed.stderr.contains(line + "\n"), "\(failed.stderr)")
    #expect(failed.stderr.contains(count), "\(failed.stderr)")
    #expect(try session.run(arguments + ["--dry-run"]).stderr == failed.stderr)
    // Kept, the same import says it did.
    let kept = try session.succeed(arguments + ["--method", "card"])
    let keptLine =
      language == "en"
      ? "  refund \(refund), kept from an earlier import, refunds \(purchase)"
      : "  上次导入暂存的退款 \(refund) 已冲抵 \(purchase)"
    #expect(kept.stderr.contains(keptLine + "\n"), "\(kept.stderr)")
  }

  // MARK: Random statements

  /// The cards of the random stores: id, holder, last four.
  static let cards = [("C1", "H1", "7449"), ("C2", "H1", "1234"), ("C3", "H2", "5678")]
  static let merchants = ["某咖啡店", "某超市", "某面馆", "支付宝-某商户"]

  /// A statement's rows in one of three built-in formats.
  enum Shape: CaseIterable {
    case bocom, cmb, alipay
  }

  struct Row {
    var day: Int
    var refund: Bool
    var merchant: String
    var fen: Int
    var card: Int
    /// An Alipay order id (a refund's is its purchase's, followed by `_n`).
    var order: String
  }

  static func amount(_ fen: Int) -> String {
    "\(fen / 100).\(String(format: "%02d", fen % 100))"
  }

  /// The file of `rows` in `shape`.
  static func text(_ shape: Shape, _ rows: [Row]) -> String {
    var lines: [String]
    switch shape {
    case .bocom:
      lines = [bocomHeader]
      for row in rows {
        let (date, money) = ("2025-01-\(String(format: "%02d", row.day))", amount(row.fen))
        let word = row.refund ? "退货" : "消费"
        lines.append("\(date),\(date),\(word) \(row.merchant),CNY \(money),CNY \(money)")
      }
    case .cmb:
      lines = ["招商银行信用卡对账单（个人消费卡账户 2025年01月）", "交易日,记账日,交易摘要,人民币金额,卡号末四位,交易地金额"]
      for row in rows {
        let date = "01/\(String(format: "%02d", row.day))"
        let money = (row.refund ? "-" : "") + amount(row.fen)
        lines.append("\(date),\(date),\(row.merchant),\(money),\(cards[row.card].2),\(money)(CN)")
      }
    case .alipay:
      lines = [WaitingRefundCommandTests.header]
      for row in rows {
        let time = "2025-01-\(String(format: "%02d", row.day)) 10:00:00"
        let paidWith = "交通银行信用卡(\(cards[row.card].2))"
        lines.append(
          row.refund
            ? "\(time),日用百货,\(row.merchant),,退款-商品,不计收支,\(amount(row.fen)),\(paidWith),退款成功,\(row.order),,"
            : "\(time),日用百货,\(row.merchant),,商品,支出,\(amount(row.fen)),\(paidWith),交易成功,\(row.order),,"
        )
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Random rows: purchases, refunds of some of them (whole, in part, or more than they
  /// were), and refunds of purchases nowhere in the file. Bank statements list by date.
  static func rows(
    _ shape: Shape, count: Int, card: Int?, orderPrefix: String,
    using random: inout SeededGenerator
  ) -> [Row] {
    var rows: [Row] = []
    var orders = 0
    for _ in 0..<count {
      let chosenCard = card ?? Int.random(in: 0..<cards.count, using: &random)
      let earlier = rows.filter { !$0.refund && $0.card == chosenCard }
      if let original = earlier.randomElement(using: &random), Bool.random(using: &random) {
        let fen =
          [original.fen, max(1, original.fen / 3), original.fen + 100].randomElement(using: &random)
          ?? original.fen
        orders += 1
        rows.append(
          Row(
            day: min(28, original.day + Int.random(in: 0...3, using: &random)), refund: true,
            merchant: original.merchant, fen: fen, card: chosenCard,
            order: "\(original.order)_\(orders)"))
        continue
      }
      orders += 1
      rows.append(
        Row(
          day: Int.random(in: 1...28, using: &random),
          refund: Int.random(in: 0..<8, using: &random) == 0,
          merchant: merchants.randomElement(using: &random) ?? "",
          fen: Int.random(
            in: 100...20_000, using: &random), card: chosenCard, order: "\(orderPrefix)\(orders)"))
    }
    if shape == .alipay { return rows }
    return rows.sorted { $0.day < $1.day }
  }

  /// Every table of the store, each row as text, in a fixed order.
  static func dump(_ session: StoreSession) throws -> [String] {
    let database = try Database(path: session.database, mode: .readOnly)
    let tables = try database.fetchAll(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name"
    ) { ($0.string(at: 0), $0.string(at: 1)) }
    var lines: [String] = []
    for (name, sql) in tables {
      lines.append(sql)
      let rows = try database.fetchAll("SELECT * FROM \"\(name)\"") { row in
        (0..<row.count).map { "\(row.value(at: $0))" }.joined(separator: "|")
      }
      lines += rows.sorted().map { "\(name): \($0)" }
    }
    return lines
  }

  /// The import `arguments` would be, as the job is asked for it.
  static func request(
    _ text: String, card: String?, method: PaymentMethod?, replace: Bool, dryRun: Bool,
    store: WalletStore
  ) throws -> StatementImportRequest {
    var request = StatementImportRequest(bytes: Array(text.utf8), path: "s.csv")
    request.card = try card.flatMap { try store.card(Identifier($0)) }
    (request.defaultMethod, request.replace, request.dryRun) = (method, replace, dryRun)
    return request
  }

  /// A store with the three cards, transactions imported from a file, and an earlier
  /// statement (whose rows the one tested may repeat), all random.
  static func randomWallet(seed: UInt64, earlier: String, earlierArguments: [String])
    -> StoreTemplate
  {
    StoreTemplate { session in
      var random = SeededGenerator(seed: seed)
      try session.succeed(["init"])
      for (id, holder, last4) in cards {
        try session.succeed([
          "card", "add", id, "--holder", holder, "--network", "unionpay", "--type", "credit",
          "--last4", last4,
        ])
      }
      var transactions = ["id,card,time,amount,method,merchant"]
      for index in 0..<Int.random(in: 0...6, using: &random) {
        let method = ["apple-pay", "card", "other"].randomElement(using: &random) ?? "card"
        transactions.append(
          [
            "T\(index)", cards.randomElement(using: &random)?.0 ?? "C1",
            "2025-01-\(String(format: "%02d", Int.random(in: 1...28, using: &random)))T09:00",
            amount(Int.random(in: 100...20_000, using: &random)), method,
            merchants.randomElement(using: &random) ?? "",
          ].joined(separator: ","))
      }
      if transactions.count > 1 {
        try session.write("t.csv", transactions.joined(separator: "\n") + "\n")
        try session.succeed(["import", "transactions", "t.csv"])
      }
      try session.write("earlier.csv", earlier)
      // An earlier import that fails keeps nothing, which is a store worth trying too.
      try session.run(["import", "statement", "earlier.csv"] + earlierArguments)
    }
  }

  /// Says, of a statement import's standard error, whether it claims to have applied a
  /// refund: a count of refunds applied, or a refund kept earlier that now refunds a purchase.
  static func claimsApplied(_ stderr: String) -> Bool {
    stderr.contains(/[0-9] applied/) || stderr.contains("earlier import, refunds ")
  }

  @Test func aDryRunReportsWhatTheImportDoesAndChangesNothing() throws {
    let seed = try SeededGenerator.testSeed("aDryRunReportsWhatTheImportDoes")
    var random = SeededGenerator(seed: seed)
    var kept = 0
    for index in 0..<TestSize.choose(quick: 12, full: 80) {
      let shape = Shape.allCases.randomElement(using: &random) ?? .bocom
      let card: Int? = shape == .bocom ? Int.random(in: 0..<2, using: &random) : nil
      let cardArguments = card.map { ["--card", Self.cards[$0].0] } ?? []
      let earlierRows = Self.rows(
        shape, count: Int.random(in: 0...6, using: &random), card: card, orderPrefix: "E",
        using: &random)
      let earlierArguments =
        cardArguments + (Bool.random(using: &random) ? ["--method", "card"] : [])
      // Some rows of the earlier statement again, then new ones.
      var rows = earlierRows.filter { _ in Bool.random(using: &random) }
      rows += Self.rows(
        shape, count: Int.random(in: 1...8, using: &random), card: card, orderPrefix: "N",
        using: &random)
      if shape != .alipay { rows.sort { $0.day < $1.day } }
      let method = [nil, PaymentMethod.applePay, .card].randomElement(using: &random) ?? nil
      let replace = Int.random(in: 0..<4, using: &random) == 0
      let text = Self.text(shape, rows)
      var arguments = ["import", "statement", "s.csv"] + cardArguments
      if let method { arguments += ["--method", method.rawValue] }
      if replace { arguments.append("--replace") }
      let note = "seed \(seed), case \(index): \(arguments)\n\(text)"
      let template = Self.randomWallet(
        seed: random.next(), earlier: Self.text(shape, earlierRows),
        earlierArguments: earlierArguments)

      let (dry, real) = (try template.session(), try template.session())
      for session in [dry, real] { try session.write("s.csv", text) }
      let before = try Self.dump(dry)
      let dryRun = try dry.run(arguments + ["--dry-run"])
      let imported = try real.run(arguments)
      #expect(try Self.dump(dry) == before, "\(note)")
      #expect(dryRun.status == imported.status, "\(note)\n\(dryRun.stderr)\(imported.stderr)")
      // The summary is the import's, but for saying that nothing was written.
      let marker = " (nothing written)"
      #expect(
        dryRun.stderr.replacingOccurrences(of: marker, with: "")
          == imported.stderr.replacingOccurrences(of: marker, with: ""),
        "\(note)\n\(dryRun.stderr)\n\(imported.stderr)")
      if dryRun.stderr.hasPrefix("s.csv: ") {
        #expect(dryRun.stderr.lines.first?.hasSuffix(marker) == true, "\(note)")
        #expect(
          imported.stderr.lines.first?.hasSuffix(marker) == (imported.status != 0),
          "\(note)\n\(imported.stderr)")
      }
      if imported.status == 0 {
        kept += 1
      } else {
        #expect(try Self.dump(real) == before, "\(note)")
        #expect(!Self.claimsApplied(imported.stderr), "\(note)\n\(imported.stderr)")
      }
      try Self.compareJobs(
        template: template, text: text, card: card.map { Self.cards[$0].0 }, method: method,
        replace: replace, note: note)
    }
    print("aDryRunReportsWhatTheImportDoes: \(kept) imports of the cases kept")
  }

  /// The job's reports, row by row: the dry run's is the import's; and without a method, the
  /// refunds go where the import with one puts them.
  static func compareJobs(
    template: StoreTemplate, text: String, card: String?, method: PaymentMethod?,
    replace: Bool, note: String
  ) throws {
    let sessions = try (0..<3).map { _ in try template.session() }
    func run(_ session: StoreSession, method: PaymentMethod?, dryRun: Bool) throws
      -> Result<StatementImportReport, any Error>
    {
      let store = try WalletStore.open(path: session.database, create: false)
      return Result {
        try StatementImportJob.run(
          try request(
            text, card: card, method: method, replace: replace, dryRun: dryRun, store: store),
          store: store)
      }
    }
    let before = try dump(sessions[0])
    let dryResult = try run(sessions[0], method: method, dryRun: true)
    #expect(try dump(sessions[0]) == before, "\(note)")
    let realResult = try run(sessions[1], method: method, dryRun: false)
    switch (dryResult, realResult) {
    case (.success(let dry), .success(let real)):
      #expect(dry.rows.map(\.outcome) == real.rows.map(\.outcome), "\(note)")
      #expect(dry.rows.map(\.id) == real.rows.map(\.id), "\(note)")
      #expect(earlier(dry) == earlier(real), "\(note)")
      #expect(dry.waitingRefunds == real.waitingRefunds, "\(note)")
      #expect(dry.wouldCommit == real.committed && !dry.committed, "\(note)")
      #expect(real.wouldCommit == real.committed, "\(note)")
      guard method == nil, !dry.purchasesNeedingMethod.isEmpty,
        case .success(let decided) = try run(sessions[2], method: .card, dryRun: false)
      else { return }
      // What a method changes is the purchases that lacked one, when new: nothing else.
      let lacking = dry.rows.indices.filter { dry.rows[$0].outcome == .purchase(.needsMethod) }
      guard lacking.allSatisfy({ decided.rows[$0].outcome == .purchase(.inserted) }) else { return }
      let refunds = { (report: StatementImportReport) in
        report.rows.filter { $0.kind == .refund }.map(\.outcome)
      }
      #expect(refunds(dry) == refunds(decided), "\(note)")
      #expect(earlier(dry) == earlier(decided), "\(note)")
      #expect(dry.waitingRefunds == decided.waitingRefunds, "\(note)")
    case (.failure(let dryError), .failure(let realError)):
      #expect("\(dryError)" == "\(realError)", "\(note)")
    case (let dry, let real):
      Issue.record("\(note)\ndry run: \(dry)\nimport: \(real)")
    }
  }

  /// The refunds kept earlier that a report says the import applies, as text.
  static func earlier(_ report: StatementImportReport) -> [String] {
    report.appliedEarlierRefunds.map { "\($0.refund.rawValue) > \($0.to.rawValue)" }
  }
}
