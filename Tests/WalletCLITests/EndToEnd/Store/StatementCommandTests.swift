import Foundation
import Testing

/// `wallet statement` in its three formats.
struct StatementCommandTests {
  @Test func tableOfTheSample() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run(["statement", "--holder", "H002"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(
      result.stdout == """
        交通银行信用卡 Apple Pay 月月返 (bocom-applepay-monthly)

        holder  cycle       #  transaction  card       channel   time                        amount  reward
        H002    2026-05-22  1  T2001        C-LL-VISA  wallet    2026-06-10T13:00:00+08:00  ¥130.00   ¥5.00
        H002    2026-09-22  2  T2007        C-LL-VISA  bank-app  2026-10-09T08:15:00+08:00  ¥150.00  ¥15.00
        H002    2026-11-22  3  T2008        C-LL-VISA  bank-app  2026-11-22T00:00:00+08:00  ¥188.00  ¥20.00

        holder  rewards   total
        H002          3  ¥40.00

        Total: 3 rewards, ¥40.00.

        """)
  }

  @Test func jsonHasAStableShape() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run(["statement", "--format", "json", "--cycle", "2026-11-30"])
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
          "holders": [
            {
              "holder": "H002",
              "rewards": [
                {
                  "cycle_start": "2026-11-22",
                  "cycle_end": "2026-12-21",
                  "ordinal": 3,
                  "transaction": "T2008",
                  "card": "C-LL-VISA",
                  "channel": "bank-app",
                  "time": "2026-11-22T00:00:00+08:00",
                  "amount": "188.00",
                  "reward": "20.00"
                }
              ],
              "total": "20.00"
            },
            {
              "holder": "H004",
              "rewards": [
                {
                  "cycle_start": "2026-11-22",
                  "cycle_end": "2026-12-21",
                  "ordinal": 2,
                  "transaction": "T4002",
                  "card": "C-CJ-MC",
                  "channel": "bank-app",
                  "time": "2026-11-25T10:00:00+08:00",
                  "amount": "600.00",
                  "reward": "15.00"
                }
              ],
              "total": "15.00"
            }
          ],
          "total": "35.00"
        }

        """)
    // And it is JSON.
    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(object?["total"] as? String == "35.00")
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

    let unknown = try session.run(["statement", "--promotion", "nope"])
    #expect(unknown.status == 65)
    #expect(unknown.stderr == "Error: no promotion 'nope' is installed\n")
  }

  @Test(arguments: [
    (["--cycle", "2026-11"], "'--cycle <date>'"),
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
