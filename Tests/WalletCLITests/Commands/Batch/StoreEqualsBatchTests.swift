import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// The store is one source of truth with `wallet batch`: after every kind of change, the store's
/// statement and decisions equal what `batch` decides from the same data written out as files.
struct StoreEqualsBatchTests {
  /// Random SPEC-valid files: several holders and cards (one of another bank, one debit, some
  /// supplementary), bindings through both channels, some removed, and purchases around the
  /// minimum with refunds, declines and named bindings.
  static func randomFiles(seed: UInt64) -> (
    cards: String, enrollments: String, transactions: String
  ) {
    var random = SeededGenerator(seed: seed)
    var cards = "card,holder,network,type,role,issuer,last4\n"
    for index in 0..<8 {
      let type = index == 7 ? "debit" : "credit"
      let role = index % 3 == 2 ? "supplementary" : "primary"
      let issuer = index == 6 ? "cmb" : "bocom"
      cards += "C\(index),H\(index % 3),\(index % 2 == 0 ? "unionpay" : "visa"),\(type),\(role),"
      cards += "\(issuer),\(1000 + index)\n"
    }
    var enrollments = "id,card,channel,enrolled_at,removed_at\n"
    for index in 0..<11 {
      let month = Int.random(in: 1...6, using: &random)
      let removed =
        Bool.random(using: &random)
        ? "" : "2026-\(String(format: "%02d", month + 4))-10T08:00:00+08:00"
      enrollments +=
        "E\(index),C\(index % 8),\(Bool.random(using: &random) ? "bank-app" : "wallet"),"
      enrollments += "2026-\(String(format: "%02d", month))-05T09:00:00+08:00,\(removed)\n"
    }
    var transactions =
      "id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc\n"
    for index in 0..<160 {
      let month = Int.random(in: 1...11, using: &random)
      let day = Int.random(in: 1...28, using: &random)
      let amount = Int.random(in: 9_000...25_000, using: &random)
      let refunded = Int.random(in: 0..<6, using: &random) == 0 ? amount / 2 : 0
      let status = Int.random(in: 0..<10, using: &random) == 0 ? "declined" : "settled"
      let named =
        Int.random(in: 0..<6, using: &random) == 0
        ? "E\(Int.random(in: 0..<11, using: &random))" : ""
      transactions += "T\(index),C\(Int.random(in: 0..<8, using: &random)),"
      transactions +=
        "2026-\(String(format: "%02d", month))-\(String(format: "%02d", day))T12:00:00+08:00,"
      transactions +=
        "\(amount / 100).\(String(format: "%02d", amount % 100)),CNY,apple-pay,\(status),"
      transactions +=
        refunded == 0 ? "," : "\(refunded / 100).\(String(format: "%02d", refunded % 100)),"
      transactions += "\(named),Shop \(index),5411\n"
    }
    return (cards, enrollments, transactions)
  }

  /// The store written back out as files, decided by `batch`, compared with the store's own
  /// statement and decisions under each promotion.
  func expectStoreEqualsBatch(
    _ session: StoreSession, promotions: [(id: String, file: String?)], step: String
  ) throws {
    let cards = try session.succeed(["card", "list", "--format", "csv"]).stdout
    let enrollments = try session.succeed(["enrollment", "list", "--format", "csv"]).stdout
    let transactions = try session.succeed(["export", "transactions"]).stdout
    try session.write("out-cards.csv", cards)
    try session.write("out-enrollments.csv", enrollments)
    try session.write("out-transactions.csv", transactions)
    for (id, file) in promotions {
      let batch = try CommandHarness.run(
        [
          "batch", "--cards", "out-cards.csv", "--enrollments", "out-enrollments.csv",
          "--transactions", "out-transactions.csv", "--promotion", file ?? id, "--out",
          "batch-rewards.csv", "--decisions", "batch-decisions.csv", "--quiet",
        ], directory: session.folder.url)
      #expect(batch.status == 0, "\(step): \(batch.stderr)")
      let statement = try session.succeed([
        "statement", "--promotion", id, "--format", "csv",
      ]).stdout
      #expect(statement == session.folder.read("batch-rewards.csv"), "\(step) \(id): rewards")
      #expect(statement.split(separator: "\r\n").count > 2, "\(step) \(id): some rewards")
      let decisions = try session.succeed(["export", "decisions", "--promotion", id]).stdout
      let batchDecisions = session.folder.read("batch-decisions.csv") ?? ""
      #expect(
        Set(decisions.split(separator: "\r\n")) == Set(batchDecisions.split(separator: "\r\n")),
        "\(step) \(id): decisions")
      // In parts, as a batch over its memory limit runs: the same files.
      let inParts = try CommandHarness.run(
        [
          "batch", "--cards", "out-cards.csv", "--enrollments", "out-enrollments.csv",
          "--transactions", "out-transactions.csv", "--promotion", file ?? id, "--out",
          "parts-rewards.csv", "--decisions", "parts-decisions.csv", "--quiet", "--memory", "64M",
        ], environment: ["WALLET_BATCH_PARTITIONS": "3"], directory: session.folder.url)
      #expect(inParts.status == 0, "\(step): \(inParts.stderr)")
      #expect(
        session.folder.read("parts-rewards.csv") == statement, "\(step) \(id): rewards in parts")
      #expect(
        Set((session.folder.read("parts-decisions.csv") ?? "").split(separator: "\r\n"))
          == Set(batchDecisions.split(separator: "\r\n")), "\(step) \(id): decisions in parts")
    }
  }

  @Test("store and batch agree after every change", arguments: [11, 12] as [UInt64])
  func agreeAfterEveryChange(seed: UInt64) throws {
    let session = try StoreSession()
    let files = Self.randomFiles(seed: seed)
    try session.write("cards.csv", files.cards)
    try session.write("enrollments.csv", files.enrollments)
    try session.write("transactions.csv", files.transactions)
    try session.write(
      "limited.json",
      """
      {"id": "limited", "minimumSpend": "120.00", "cycleStartDay": 5, "maxRewardsPerHolder": 3,
       "rewardsPerCycle": 2, "quota": 6, "supplementaryCards": "exclude",
       "tiers": {"bank-app": ["8.00", "9.00", "10.00"], "wallet": ["1.00", "2.00", "3.00"]}}
      """)
    var promotions: [(id: String, file: String?)] = [("bocom-applepay-monthly", nil)]
    try session.succeed(["init"])
    for kind in ["cards", "enrollments", "transactions"] {
      try session.succeed(["import", kind, "\(kind).csv", "--quiet"])
    }
    try expectStoreEqualsBatch(session, promotions: promotions, step: "import")

    try session.succeed(["promotion", "add", "limited.json"])
    promotions.append(("limited", "limited.json"))
    try expectStoreEqualsBatch(session, promotions: promotions, step: "promotion add")

    // SPEC 8: a percentage capped per purchase, an amount per month per holder, one a day per
    // card, once the week's spend reaches a threshold; and a fixed sum by channel on listed
    // days, twice a week per card, under a quota.
    try session.write(
      "percent.json",
      """
      {"id": "percent", "cycleStartDay": 1, "timezone": "Asia/Hong_Kong",
       "reward": {"percent": "7.5", "cap": "15.00"},
       "limits": [{"count": 1, "per": "day", "scope": "card"}, {"amount": "25.00", "per": "month"}],
       "threshold": {"spend": "300.00", "per": "week"}, "mccs": ["5411"]}
      """)
    try session.write(
      "weekly.json",
      """
      {"id": "weekly", "cycleStartDay": 22, "quota": 9, "refunds": "clawback",
       "reward": {"fixed": {"bank-app": "6.00", "wallet": "4.00"}},
       "limits": [{"count": 2, "per": "week", "scope": "card"}],
       "monthDays": [1, 2, 3, 5, 8, 13, 21, 22, 23, 24, 25, 26, 27, 28],
       "threshold": {"spend": "400.00", "per": "month", "counts": "all"}}
      """)
    for id in ["percent", "weekly"] {
      try session.succeed(["promotion", "add", "\(id).json"])
      promotions.append((id, "\(id).json"))
    }
    try expectStoreEqualsBatch(session, promotions: promotions, step: "SPEC 8 promotions added")

    try session.succeed([
      "txn", "add", "--id", "X1", "--card", "C1", "--amount", "300", "--at",
      "2026-03-06T10:00:00+08:00",
    ])
    try expectStoreEqualsBatch(session, promotions: promotions, step: "txn add")

    try session.succeed(["txn", "refund", "T3", "--amount", "1.00"])
    try expectStoreEqualsBatch(session, promotions: promotions, step: "refund")

    try session.succeed(["enrollment", "remove", "E1", "--at", "2026-06-06T00:00:00+08:00"])
    try expectStoreEqualsBatch(session, promotions: promotions, step: "enrollment remove")

    try session.succeed(["card", "remove", "C2", "--force"])
    try expectStoreEqualsBatch(session, promotions: promotions, step: "card remove")

    // Undoing a purchase typed by mistake: the decisions follow, under a quota too.
    try session.succeed(["txn", "remove", "X1"])
    try expectStoreEqualsBatch(session, promotions: promotions, step: "txn remove")
    // The earliest purchase left, whose reward (if any) moves to a later one.
    let listed = try session.succeed(["txn", "list", "--limit", "1", "--format", "csv"]).stdout
    let earliest = try #require(listed.lines.dropFirst().first?.split(separator: ",").first)
    try session.succeed(["txn", "remove", String(earliest)])
    try expectStoreEqualsBatch(session, promotions: promotions, step: "txn remove earliest")
  }
}
