import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet txn add|refund|list` with amounts and dates typed as people type them (`¥150`,
/// `150元`, `１５０．００`, `2026/11/30`, `2026年11月30日`): stored and said exactly as the SPEC's
/// spelling of the same value would be, in English and in Chinese; a thousands separator
/// still refused with the message of before.
struct TypedValueCommandTests {
  static let languages = ["en", "zh-Hans"]

  /// What `script` says and lists in a small wallet of its own, run by the commands in order in
  /// `language`: each command's status, standard output and standard error.
  static func outcome(_ script: [[String]], language: String) throws -> [String] {
    let session = try StoreSession()
    try session.smallWallet()
    return try script.flatMap { command in
      let result = try session.run(command + ["--lang", language])
      return ["\(result.status)", result.stdout, result.stderr]
    }
  }

  /// A purchase and a refund recorded with `amount`, `refund`, `at` and `refundAt`, then the
  /// transactions listed.
  static func purchase(amount: String, at: String, refund: String, refundAt: String) -> [[String]] {
    [
      ["txn", "add", "--id", "T1", "--card", "C1", "--amount", amount, "--at", at],
      ["txn", "refund", "T1", "--amount", refund, "--at", refundAt],
      ["txn", "list", "--format", "csv"],
    ]
  }

  @Test(
    arguments: [
      ("¥150", "2026/11/30", "50元", "2026/11/30 12:00"),
      ("150元", "2026年11月30日", "￥ 50", "2026年11月30日 12:00"),
      ("１５０．００", "２０２６年１１月３０日", "５０", "2026/11/30 １２:００:００"),
      ("￥150.00", "2026/11/30 00:00", "50.00 元", "2026年11月30日 12:00:00+08:00"),
    ], languages)
  func aPurchaseTypedAsPeopleTypeItIsStoredAsTheSPECsSpelling(
    typed: (String, String, String, String), language: String
  ) throws {
    let plain = try Self.outcome(
      Self.purchase(amount: "150.00", at: "2026-11-30", refund: "50", refundAt: "2026-11-30T12:00"),
      language: language)
    let (amount, at, refund, refundAt) = typed
    let read = try Self.outcome(
      Self.purchase(amount: amount, at: at, refund: refund, refundAt: refundAt), language: language)
    #expect(read == plain)
    // Not two refusals alike: the plain script recorded both and listed them.
    #expect(plain.enumerated().allSatisfy { $0.offset % 3 != 0 || $0.element == "0" })
    #expect(plain[7].contains("T1,C1,2026-11-30T00:00:00+08:00,150.00,CNY,apple-pay,settled,50.00"))
  }

  @Test(arguments: languages)
  func periodsTypedAsPeopleTypeThemListTheSameTransactions(language: String) throws {
    let setup: [[String]] = [
      ["txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at", "2026-10-31"],
      ["txn", "add", "--id", "T2", "--card", "C1", "--amount", "150", "--at", "2026-11-01T09:00"],
      ["txn", "add", "--id", "T3", "--card", "C1", "--amount", "150", "--at", "2026-11-30"],
    ]
    let listing = { (options: [String]) in [["txn", "list", "--format", "csv"] + options] }
    for (typed, plain) in [
      (["--from", "2026年11月"], ["--from", "2026-11"]),
      (
        ["--from", "2026/11/1", "--to", "2026年11月29日"],
        ["--from", "2026-11-01", "--to", "2026-11-29"]
      ),
      (["--cycle", "2026年11月1日"], ["--cycle", "2026-11-01"]),
      (["--since", "2026年11月1日 09:00"], ["--since", "2026-11-01T09:00"]),
    ] {
      let read = try Self.outcome(setup + listing(typed), language: language)
      let expected = try Self.outcome(setup + listing(plain), language: language)
      #expect(read == expected, "\(typed)")
      #expect(expected[9] == "0" && expected[10].contains("T2,"), "\(plain)")
    }
  }

  @Test(arguments: ["1,500", "1，500", "¥1,500", "１，５００元"])
  func aThousandsSeparatorIsStillRefused(typed: String) throws {
    let session = try StoreSession()
    let usage = "wallet txn add --id <id> --card <card> --amount <amount> [--at <time>]"
    let command = ["txn", "add", "--id", "T1", "--card", "C1", "--amount", typed]
    let english = try session.run(command)
    #expect(english.status == 64)
    #expect(
      english.stderr.lines.first
        == "Error: The value '\(typed)' is invalid for '--amount <amount>': write the amount "
        + "without thousands separators")
    #expect(english.stderr.lines.dropFirst().first?.hasPrefix("Usage: " + usage) == true)
    let chinese = try session.run(command + ["--lang", "zh-Hans"])
    #expect(chinese.status == 64)
    #expect(chinese.stderr.lines.first == "错误：'--amount <amount>' 的取值 '\(typed)' 无效：金额中不要用千位分隔符")
    #expect(chinese.stderr.lines.dropFirst().first?.hasPrefix("用法：" + usage) == true)
    #expect(english.stdout.isEmpty && chinese.stdout.isEmpty)
    #expect(!session.folder.exists("store"))
  }
}
