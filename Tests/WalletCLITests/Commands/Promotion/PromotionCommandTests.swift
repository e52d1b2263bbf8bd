import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet promotion add|list|show|remove`.
struct PromotionCommandTests {
  /// A second promotion: monthly cycles from the 1st in UTC, two rewards per holder.
  static let monthly = """
    {
      "id": "test-monthly",
      "name": "测试 月度返现",
      "issuer": "bocom",
      "timezone": "UTC",
      "minimumSpend": "50.00",
      "cycleStartDay": 1,
      "maxRewardsPerHolder": 2,
      "tiers": { "bank-app": ["3.00", "4.00"], "wallet": ["1.00", "2.00"] }
    }
    """

  @Test func addListShowAndRemove() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.write("monthly.json", Self.monthly)
    let added = try session.run(["promotion", "add", "monthly.json"])
    #expect(added.status == 0)
    #expect(added.stdout.isEmpty)
    #expect(added.stderr == "Installed promotion test-monthly (测试 月度返现).\n")
    let again = try session.run(["promotion", "add", "monthly.json"])
    #expect(again.stderr == "Promotion test-monthly is already installed; nothing changed.\n")

    let csv = try session.succeed(["promotion", "list", "--format", "csv"])
    #expect(
      csv.stdout
        == "id,name,issuer,currency,timezone,campaign_start,campaign_end,cycle_start_day,refunds,"
        + "built_in\r\n"
        + "bocom-applepay-monthly,交通银行信用卡 Apple Pay 月月返,bocom,CNY,Asia/Shanghai,,,22,net,true\r\n"
        + "test-monthly,测试 月度返现,bocom,CNY,UTC,,,1,net,false\r\n")
    let table = try session.succeed(["promotion", "list"])
    #expect(
      table.stdout.lines == [
        "id                      name                             issuer  currency  timezone       campaign_start  campaign_end  cycle_start_day  refunds  built_in",
        "bocom-applepay-monthly  交通银行信用卡 Apple Pay 月月返  bocom   CNY       Asia/Shanghai                                             22  net      yes",
        "test-monthly            测试 月度返现                    bocom   CNY       UTC                                                        1  net      no",
      ])

    // show prints a promotion file that installs as the same promotion.
    let shown = try session.succeed(["promotion", "show", "test-monthly"])
    #expect(shown.stdout.hasPrefix("{\n  \"id\": \"test-monthly\",\n"))
    #expect(shown.stdout.contains("\"cycleStartDay\": 1,"))
    try session.write("shown.json", shown.stdout)
    #expect(try session.run(["promotion", "add", "shown.json"]).stderr.contains("nothing changed"))

    let removed = try session.run(["promotion", "remove", "test-monthly"])
    #expect(removed.status == 0)
    #expect(removed.stderr == "Removed promotion test-monthly.\n")
    let gone = try session.run(["promotion", "show", "test-monthly"])
    #expect(gone.status == 65)
    // No installed id is near it: none is offered.
    #expect(gone.stderr == "Error: no promotion 'test-monthly' is installed\n")
    // Removing it again is the same error, and changes nothing.
    let removedAgain = try session.run(["promotion", "remove", "test-monthly"])
    #expect(removedAgain.status == 65)
    #expect(removedAgain.stderr == gone.stderr)
  }

  @Test func builtInPromotionCannotBeRemovedOrReplaced() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let removed = try session.run(["promotion", "remove", "bocom-applepay-monthly"])
    #expect(removed.status == 65)
    #expect(removed.stderr == "Error: 'bocom-applepay-monthly' is built in and cannot be removed\n")
    try session.write(
      "fake.json",
      Self.monthly.replacingOccurrences(of: "test-monthly", with: "bocom-applepay-monthly"))
    let replaced = try session.run(["promotion", "add", "fake.json", "--replace"])
    #expect(replaced.status == 65)
    #expect(replaced.stderr.contains("is a built-in promotion and cannot be replaced"))
    #expect(
      try session.succeed(["promotion", "show", "bocom-applepay-monthly"]).stdout.contains(
        "\"cycleStartDay\": 22"))
  }

  @Test func changedRulesNeedReplace() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.write("monthly.json", Self.monthly)
    try session.succeed(["promotion", "add", "monthly.json"])
    try session.write(
      "changed.json", Self.monthly.replacingOccurrences(of: "50.00", with: "500.00"))
    let refused = try session.run(["promotion", "add", "changed.json"])
    #expect(refused.status == 65)
    #expect(
      refused.stderr.contains(
        "promotion 'test-monthly' is already in the store with different details"))
    let before = try session.succeed([
      "statement", "--promotion", "test-monthly", "--format", "csv",
    ])
    let replaced = try session.run(["promotion", "add", "changed.json", "--replace"])
    #expect(replaced.status == 0)
    #expect(replaced.stderr == "Replaced promotion test-monthly (测试 月度返现).\n")
    let after = try session.succeed(["statement", "--promotion", "test-monthly", "--format", "csv"])
    #expect(before.stdout.lines.count > 1)
    #expect(after.stdout.lines.count < before.stdout.lines.count)
  }

  @Test func aBrokenPromotionFileNamesTheField() throws {
    let session = try StoreSession()
    try session.write(
      "broken.json",
      Self.monthly.replacingOccurrences(of: "\"cycleStartDay\": 1", with: "\"cycleStartDay\": 31"))
    let result = try session.run(["promotion", "add", "broken.json"])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "Error: broken.json:7:20: field 'cycleStartDay': must be between 1 and 28, not 31\n")
    #expect(!session.folder.exists("store"))
    let missing = try session.run(["promotion", "add", "nothing.json"])
    #expect(missing.status == 66)
  }
}
