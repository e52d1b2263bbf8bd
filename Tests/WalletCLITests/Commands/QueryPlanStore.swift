import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

@testable import WalletStore

/// A store of a random wallet over four holders, with refunds (some in full), removed bindings
/// and transactions that name a binding; a second promotion with a quota (whose count of
/// everyone's rewards is a query of its own) that takes rewards back when a purchase is
/// refunded; a third with a spend threshold and limits of its own, which what-ifs decide by
/// deciding the holder's purchases again; postings on every card; a refund from a statement that
/// waits beside the purchase it names; and a fifth holder whose card was never bound, so that the
/// statement falls back to the holder's transactions.
enum PlanStore {
  static let unboundHolder = "H-UNBOUND"
  /// A transaction that names its card's binding.
  static let namingEnrollment = "T-NAMING"
  /// The promotion with a quota, whose rewards are taken back by a refund.
  static let limited = "limited"
  /// The promotion with a spend threshold and limits.
  static let thresholds = "thresholds"
  /// The card, and its holder, of the refund that waits for its purchase.
  static let waitingCard = "C-ALIPAY"
  static let waitingHolder = "H0"

  /// An Alipay statement: a purchase of ¥10.00, and its refund of ¥20.00, which cannot belong to
  /// it and so waits, with a reason found from that purchase.
  static let statement = """
    交易时间,交易分类,交易对方,对方账号,商品说明,收/支,金额,收/付款方式,交易状态,交易订单号,商家订单号,备注
    2026-02-13 09:15:00,日用百货,某超市,,日用品,支出,10.00,交通银行信用卡(7449),交易成功,LATER,,
    2026-02-14 12:00:00,日用百货,某超市,,退款-日用品,不计收支,20.00,交通银行信用卡(7449),退款成功,LATER_1,,

    """

  /// A promotion of the language's second version: 5 % capped, once a day per card, 100.00 a
  /// month per holder, once the week's spend reaches 200.00, 30 rewards in all (so that a
  /// what-if finds the reward that used up the quota).
  static let thresholdPromotion = """
    {
      "id": "\(thresholds)",
      "name": "thresholds and limits",
      "issuer": "bocom",
      "minimumSpend": "100.00",
      "cardTypes": ["credit"],
      "cycleStartDay": 22,
      "reward": { "percent": "5", "cap": "20.00" },
      "limits": [
        { "count": 1, "per": "day", "scope": "card" },
        { "amount": "100.00", "per": "month" }
      ],
      "threshold": { "spend": "200.00", "per": "week" },
      "quota": 30
    }
    """

  static let template = StoreTemplate { session in
    var random = SeededGenerator(seed: 11)
    func time() -> String {
      let month = Int.random(in: 1...11, using: &random)
      let day = Int.random(in: 1...28, using: &random)
      let hour = Int.random(in: 10...21, using: &random)
      return "2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)T\(hour):00"
    }
    var cards = "card,holder,network,type,role,issuer,last4\n"
    for index in 0..<10 {
      cards += "C\(index),H\(index % 4),\(index % 2 == 0 ? "unionpay" : "visa"),"
      cards += "\(index == 9 ? "debit" : "credit"),\(index % 3 == 2 ? "supplementary" : "primary"),"
      cards += "\(index == 8 ? "cmb" : "bocom"),\n"
    }
    cards += "C-UNBOUND,\(unboundHolder),unionpay,credit,primary,bocom,\n"
    cards += "\(waitingCard),\(waitingHolder),unionpay,credit,primary,bocom,7449\n"
    var enrollments = "id,card,channel,enrolled_at,removed_at\n"
    for index in 0..<14 {
      let channel = Bool.random(using: &random) ? "bank-app" : "wallet"
      let removed =
        Bool.random(using: &random) ? "" : "2026-0\(Int.random(in: 3...9, using: &random))-01T00:00"
      enrollments += "E\(index),C\(index % 10),\(channel),2026-01-01T00:00,\(removed)\n"
    }
    var transactions = "id,card,time,amount,status,enrollment\n"
    var settled: [(id: String, amount: Int)] = []
    for index in 0..<200 {
      let amount = Int.random(in: 50...300, using: &random)
      let declined = Int.random(in: 0..<10, using: &random) == 0
      if !declined { settled.append(("T\(index)", amount)) }
      transactions += "T\(index),C\(Int.random(in: 0..<10, using: &random)),\(time()),"
      transactions += "\(amount).00,\(declined ? "declined" : "settled"),\n"
    }
    transactions += "\(namingEnrollment),C0,2026-06-01T12:00,200.00,settled,E0\n"
    transactions += "T-UNBOUND,C-UNBOUND,2026-03-01T12:00,200.00,settled,\n"
    var postings = "id,card,date,kind,amount,transaction,reverses,description\n"
    for index in 0..<10 {
      postings += "P\(index),C\(index),2026-0\(index % 9 + 1)-10,credit,10.00,,,\n"
    }
    postings += "P-BACK,C0,2026-10-10,clawback,10.00,,P0,\n"
    let builtIn = try String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent(
        "data/promotions/bocom-applepay-monthly.json"), encoding: .utf8)
    let limited =
      builtIn
      .replacingOccurrences(of: #""id": "bocom-applepay-monthly""#, with: #""id": "limited""#)
      .replacingOccurrences(of: #""quota": null"#, with: #""quota": 40"#)
      .replacingOccurrences(of: #""refunds": "net""#, with: #""refunds": "clawback""#)
    try session.succeed(["init"])
    try session.succeed(["promotion", "add", try session.write("limited.json", limited)])
    try session.succeed([
      "promotion", "add", try session.write("thresholds.json", thresholdPromotion),
    ])
    for (kind, text) in [
      ("cards", cards), ("enrollments", enrollments), ("transactions", transactions),
      ("postings", postings),
    ] {
      try session.succeed(["import", kind, try session.write("\(kind).csv", text)])
    }
    for (id, _) in settled.prefix(10) {
      try session.succeed(["txn", "refund", id, "--amount", "1.00", "--at", "2026-12-01"])
    }
    // Refunded in full: a reward among them is forfeited under `limited`.
    for (id, amount) in settled.dropFirst(10).prefix(20) {
      try session.succeed(["txn", "refund", id, "--amount", "\(amount)", "--at", "2026-12-01"])
    }
    try session.succeed(["import", "statement", try session.write("alipay.csv", statement)])
  }

  /// What the commands are asked about, read from the store before anything is recorded: a
  /// rewarded transaction, its card, its holder and its cycle; a refused transaction; a
  /// forfeited one; and one rewarded under the promotion with thresholds.
  struct Subjects {
    var holder: String
    var card: String
    var cycleStart: String
    var rewarded: String
    var refused: String
    var forfeited: String
    var rewardedUnderLimits: String

    init(_ session: StoreSession) throws {
      let rewards = try session.succeed([
        "export", "rewards", "--promotion", "bocom-applepay-monthly",
      ]).stdout.lines
      // holder,cycle_start,cycle_end,ordinal,transaction,card,…
      let first = try #require(rewards.dropFirst().first, "the store should earn rewards")
        .split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      holder = first[0]
      cycleStart = first[1]
      rewarded = first[4]
      card = first[5]
      let database = try Database(path: session.database, mode: .readOnly)
      func transaction(_ condition: String, under promotion: String) throws -> String {
        let found = try database.scalar(
          "SELECT min(transaction_id) FROM decisions WHERE promotion = ? AND \(condition)",
          [promotion])
        return try #require(found?.stringValue, "no decision under \(promotion) with \(condition)")
      }
      refused = try transaction(
        "reason IS NOT NULL AND reason <> 'refunded'", under: "bocom-applepay-monthly")
      forfeited = try transaction("reason = 'refunded' AND ordinal IS NOT NULL", under: limited)
      rewardedUnderLimits = try transaction("reason IS NULL", under: thresholds)
    }
  }
}
