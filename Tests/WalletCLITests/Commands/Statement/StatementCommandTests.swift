import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet statement` in its three formats.
struct StatementCommandTests {
  @Test func tableOfTheSample() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run(["statement", "--holder", "H002"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    // Now is 2026-12-01 (cycle 2026-11-22); H002's first binding was on 2026-06-01 (cycle
    // 2026-05-22): seven cycles, three of them rewarded.
    #expect(
      result.stdout == """
        交通银行信用卡 Apple Pay 月月返 (bocom-applepay-monthly)

        H002
          cycle       date        #  transaction  card       channel    amount  reward
          2026-05-22  2026-06-10  1  T2001        C-LL-VISA  wallet    ¥130.00   ¥5.00
          2026-09-22  2026-10-09  2  T2007        C-LL-VISA  bank-app  ¥150.00  ¥15.00
          2026-11-22  2026-11-22  3  T2008        C-LL-VISA  bank-app  ¥188.00  ¥20.00
          total                    ¥40.00 (3 rewards)
          rewards left             1 of 4, as of 2026-12-01T12:00:00+08:00
          cycles without a reward  4: 2026-06-22, 2026-07-22, 2026-08-22, 2026-10-22

        Total: 3 rewards, ¥40.00.

        """)
  }

  @Test func everyHolderHasTotalRewardsLeftAndCyclesWithoutOne() throws {
    let session = try StoreSession()
    try session.importSample()
    let lines = try session.succeed(["statement"]).stdout.lines
    func facts(of holder: String) -> [String] {
      guard let start = lines.firstIndex(of: holder) else { return [] }
      return lines[start...].filter {
        $0.hasPrefix("  total") || $0.hasPrefix("  rewards left") || $0.hasPrefix("  cycles")
      }.prefix(3).map { $0 }
    }
    // H001 bound a card on 2026-05-10, in the cycle that began 2026-04-22, and has every reward.
    #expect(
      facts(of: "H001") == [
        "  total                    ¥60.00 (4 rewards)",
        "  rewards left             0 of 4, as of 2026-12-01T12:00:00+08:00",
        "  cycles without a reward  4: 2026-04-22, 2026-09-22, 2026-10-22, 2026-11-22",
      ])
    // H003's first binding (2026-07-01, its debit card) is in the cycle of 2026-06-22.
    #expect(
      facts(of: "H003") == [
        "  total                    ¥15.00 (2 rewards)",
        "  rewards left             2 of 4, as of 2026-12-01T12:00:00+08:00",
        "  cycles without a reward  4: 2026-06-22, 2026-08-22, 2026-10-22, 2026-11-22",
      ])
    #expect(
      facts(of: "H004") == [
        "  total                    ¥20.00 (2 rewards)",
        "  rewards left             2 of 4, as of 2026-12-01T12:00:00+08:00",
        "  cycles without a reward  5: 2026-06-22, 2026-07-22, 2026-08-22, 2026-09-22, 2026-10-22",
      ])
    #expect(lines.last == "Total: 11 rewards, ¥135.00.")
  }

  @Test func nowEndsTheCyclesCounted() throws {
    let session = try StoreSession()
    try session.importSample()
    let later = try session.succeed(
      ["statement", "--holder", "H002"], environment: ["WALLET_NOW": "2027-01-05T09:00"])
    #expect(
      later.stdout.contains(
        "  cycles without a reward  5: 2026-06-22, 2026-07-22, 2026-08-22, 2026-10-22, "
          + "2026-12-22\n"))
    let earlier = try session.succeed(
      ["statement", "--holder", "H002"], environment: ["WALLET_NOW": "2026-06-30T09:00"])
    #expect(earlier.stdout.contains("  cycles without a reward  1: 2026-06-22\n"))
    let bad = try session.run(["statement"], environment: ["WALLET_NOW": "yesterday"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("WALLET_NOW 'yesterday'"))
  }

  @Test func aHolderWithoutRewardsStillSeesWhatIsLeft() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    // No binding: the cycles start with the first purchase, in the cycle of 2026-09-22.
    try session.succeed([
      "card", "add", "C9", "--holder", "H9", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom",
    ])
    try session.succeed([
      "txn", "add", "--id", "T9", "--card", "C9", "--amount", "300", "--at", "2026-10-01T12:00",
    ])
    let table = try session.succeed(["statement"])
    #expect(
      table.stdout == """
        交通银行信用卡 Apple Pay 月月返 (bocom-applepay-monthly)

        H9
          No rewards.
          total                    ¥0.00 (0 rewards)
          rewards left             4 of 4, as of 2026-12-01T12:00:00+08:00
          cycles without a reward  3: 2026-09-22, 2026-10-22, 2026-11-22

        Total: 0 rewards, ¥0.00.

        """)
    let json = try session.succeed(["statement", "--format", "json"])
    #expect(
      json.stdout.contains(
        """
              "holder": "H9",
              "rewards": [],
              "forfeited": [],
              "total": "0.00",
              "rewardsLeft": 4,
              "cyclesWithoutReward": [
                "2026-09-22",
                "2026-10-22",
                "2026-11-22"
              ]
        """))
  }

  @Test func jsonHasAStableShape() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run(["statement", "--format", "json", "--holder", "H004"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        {
          "promotion": {
            "id": "bocom-applepay-monthly",
            "name": "交通银行信用卡 Apple Pay 月月返",
            "currency": "CNY",
            "timezone": "Asia/Shanghai"
          },
          "asOf": "2026-12-01T12:00:00+08:00",
          "holders": [
            {
              "holder": "H004",
              "rewards": [
                {
                  "cycleStart": "2026-05-22",
                  "cycleEnd": "2026-06-21",
                  "ordinal": 1,
                  "transaction": "T4001",
                  "card": "C-CJ-MC",
                  "channel": "wallet",
                  "time": "2026-06-20T20:00:00+08:00",
                  "amount": "100.50",
                  "reward": "5.00"
                },
                {
                  "cycleStart": "2026-11-22",
                  "cycleEnd": "2026-12-21",
                  "ordinal": 2,
                  "transaction": "T4002",
                  "card": "C-CJ-MC",
                  "channel": "bank-app",
                  "time": "2026-11-25T10:00:00+08:00",
                  "amount": "600.00",
                  "reward": "15.00"
                }
              ],
              "forfeited": [],
              "total": "20.00",
              "rewardsLeft": 2,
              "cyclesWithoutReward": [
                "2026-06-22",
                "2026-07-22",
                "2026-08-22",
                "2026-09-22",
                "2026-10-22"
              ]
            }
          ],
          "total": "20.00"
        }

        """)
    // And it is JSON.
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(object?["total"] as? String == "20.00")
  }

  @Test func oneCycleShowsEveryHolderInIt() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.succeed(["statement", "--format", "json", "--cycle", "2026-11-30"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let holders = try #require(object["holders"] as? [[String: Any]])
    #expect(holders.compactMap { $0["holder"] as? String } == ["H001", "H002", "H003", "H004"])
    // Rewards and totals are the cycle's; rewards left are the holder's, whatever the cycle.
    #expect(holders.map { ($0["rewards"] as? [Any])?.count } == [0, 1, 0, 1])
    #expect(holders.compactMap { $0["total"] as? String } == ["0.00", "20.00", "0.00", "15.00"])
    #expect(holders.compactMap { $0["rewardsLeft"] as? Int } == [0, 1, 2, 2])
    #expect(
      holders.compactMap { $0["cyclesWithoutReward"] as? [String] } == [
        ["2026-11-22"], [], ["2026-11-22"], [],
      ])
    #expect(object["total"] as? String == "35.00")
  }

  /// A promotion with campaign dates: the cycles counted are the campaign's, up to its end.
  static let campaign = """
    {
      "id": "test-campaign",
      "name": "测试 夏季活动",
      "issuer": "bocom",
      "campaign": { "start": "2026-07-01", "end": "2026-09-30" },
      "minimumSpend": "100.00",
      "cycleStartDay": 1,
      "maxRewardsPerHolder": 2,
      "tiers": { "bank-app": ["3.00", "4.00"], "wallet": ["1.00", "2.00"] }
    }
    """

  @Test func aCampaignBoundsTheCyclesCounted() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.write("campaign.json", Self.campaign)
    try session.succeed(["promotion", "add", "campaign.json"])
    let result = try session.succeed([
      "statement", "--promotion", "test-campaign", "--format", "json",
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let holders = try #require(object["holders"] as? [[String: Any]])
    func holder(_ id: String) -> [String: Any]? {
      holders.first { $0["holder"] as? String == id }
    }
    // H001 earned with T1005 (July) and T1007 (September 1st); August's purchase was too small.
    #expect(holder("H001")?["rewardsLeft"] as? Int == 0)
    #expect(holder("H001")?["cyclesWithoutReward"] as? [String] == ["2026-08-01"])
    // H002 earned nothing in the campaign; its first binding (June) is before it, and the
    // campaign ended before now.
    #expect(holder("H002")?["rewardsLeft"] as? Int == 2)
    #expect(
      holder("H002")?["cyclesWithoutReward"] as? [String] == [
        "2026-07-01", "2026-08-01", "2026-09-01",
      ])
  }

  @Test func csvFiltersByHolderAndCycle() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.succeed([
      "statement", "--format", "csv", "--holder", "H001", "--cycle", "2026-07-21",
    ])
    #expect(
      result.stdout
        == "holder,cycle_start,cycle_end,ordinal,transaction,card,channel,time,amount,reward\r\n"
        + "H001,2026-06-22,2026-07-21,2,T1004,C-WF-CREDIT,bank-app,2026-06-22T00:00:00+08:00,"
        + "100.00,15.00\r\n")
  }

  @Test func anEmptyStatement() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let table = try session.succeed(["statement"])
    #expect(table.stdout == "交通银行信用卡 Apple Pay 月月返 (bocom-applepay-monthly)\n\nNo rewards.\n")
    let json = try session.succeed(["statement", "--format", "json"])
    #expect(json.stdout.contains("\"holders\": [],\n  \"total\": \"0.00\"\n}"))
    let csv = try session.succeed(["statement", "--format", "csv"])
    #expect(
      csv.stdout
        == "holder,cycle_start,cycle_end,ordinal,transaction,card,channel,time,amount,reward\r\n")
  }

  @Test func severalPromotions() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.write("monthly.json", PromotionCommandTests.monthly)
    try session.succeed(["promotion", "add", "monthly.json"])

    let csv = try session.run(["statement", "--format", "csv"])
    #expect(csv.status == 64)
    #expect(csv.stdout.isEmpty)
    #expect(
      csv.stderr.hasPrefix(
        "Error: several promotions are installed (bocom-applepay-monthly, test-monthly) and a "
          + "rewards file holds one; choose it with --promotion\nUsage: wallet statement"))

    let chosen = try session.succeed([
      "statement", "--format", "csv", "--promotion", "test-monthly", "--holder", "H004",
    ])
    // Times in the promotion's zone (UTC), cycles from the 1st.
    #expect(
      chosen.stdout.lines == [
        "holder,cycle_start,cycle_end,ordinal,transaction,card,channel,time,amount,reward",
        "H004,2026-06-01,2026-06-30,1,T4001,C-CJ-MC,wallet,2026-06-20T12:00:00+00:00,100.50,1.00",
        "H004,2026-11-01,2026-11-30,2,T4002,C-CJ-MC,bank-app,2026-11-25T02:00:00+00:00,600.00,4.00",
      ])

    let table = try session.succeed(["statement", "--holder", "H004"])
    #expect(table.stdout.contains("交通银行信用卡 Apple Pay 月月返 (bocom-applepay-monthly)\n"))
    #expect(table.stdout.contains("\n\n测试 月度返现 (test-monthly)\n"))
    let json = try session.succeed(["statement", "--format", "json"])
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(
      array.compactMap { ($0["promotion"] as? [String: Any])?["id"] as? String } == [
        "bocom-applepay-monthly", "test-monthly",
      ])

    let unknown = try session.run(["statement", "--promotion", "test-montly"])
    #expect(unknown.status == 65)
    #expect(
      unknown.stderr
        == "Error: no promotion 'test-montly' is installed; the nearest id the store knows is "
        + "'test-monthly'\n")
  }

  @Test(arguments: [
    (["--cycle", "2026-11-31"], "'--cycle <date>': that date does not exist"),
    (["--cycle", "11/2026"], "or a month such as 2026-11 (the cycle that starts in it)"),
    (["--format", "xml"], "expected one of: table, csv, json"),
  ])
  func usageErrors(extra: [String], message: String) throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let result = try session.run(["statement"] + extra)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(message))
  }
}
