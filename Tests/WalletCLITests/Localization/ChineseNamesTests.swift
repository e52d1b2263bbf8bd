import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

@testable import WalletCLI

/// What a new user meets in Chinese (issue 30): banks by their Chinese names where an issuer
/// is shown, codes typed by their Chinese names, and every refusal of a value in Chinese.
struct ChineseNamesTests {
  static let chinese = ["LANG": "zh_CN.UTF-8"]

  /// A name interpolated as one loses the spaces around it in Chinese when it is Chinese
  /// itself, and keeps them when it is not; English is untouched.
  @Test func aChineseNameStandsWithoutSpaces() {
    let template = "该卡由 {0} 发行；只有 {1} 的卡才计入。"
    #expect(
      Sentence.fill(template, with: ["招商银行", "交通银行"], tight: [0, 1])
        == "该卡由招商银行发行；只有交通银行的卡才计入。")
    #expect(
      Sentence.fill(template, with: ["Foo Bank", "交通银行"], tight: [0, 1])
        == "该卡由 Foo Bank 发行；只有交通银行的卡才计入。")
    // A value not interpolated as a name keeps its spaces whatever it holds.
    #expect(
      Sentence.fill(template, with: ["招商银行", "交通银行"], tight: [1])
        == "该卡由 招商银行 发行；只有交通银行的卡才计入。")
    let issuer = "交通银行"
    let sentence: Sentence = "issued by \(name: issuer)"
    #expect(sentence.key == "issued by {0}")
    #expect(sentence.text(in: .english) == "issued by 交通银行")
    #expect(sentence.text(in: .simplifiedChinese) == "交通银行发行")
  }

  @Test func aKnownBankIsNamedInChineseAndByItsCodeInEnglish() {
    let names = [("bocom", "交通银行"), ("cmb", "招商银行"), ("Foo Bank", "Foo Bank")]
    for (issuer, chinese) in names {
      #expect(ReasonWording.name(issuer: issuer) == issuer)
      let inChinese = Language.$chosen.withValue(.simplifiedChinese) {
        ReasonWording.name(issuer: issuer)
      }
      #expect(inChinese == chinese)
    }
  }

  /// `check` and `explain` name the bank in Chinese; their JSON keeps the code.
  @Test func checkAndExplainNameTheBankInChinese() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "C1", "--holder", "H1", "--network", "银联", "--type", "信用卡", "--issuer",
      "交行",
    ])
    try session.succeed(["enroll", "C1", "--channel", "买单吧", "--at", "2026-11-01"])
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at", "2026-11-30",
    ])
    let check = try session.succeed(["check", "C1"], environment: Self.chinese)
    #expect(check.stdout.contains("  发卡行  交通银行\n"), "\(check.stdout)")
    let explain = try session.succeed(["explain", "T1"], environment: Self.chinese)
    #expect(explain.stdout.contains("主卡、交通银行发行"), "\(explain.stdout)")
    let english = try session.succeed(["check", "C1"])
    #expect(english.stdout.contains("  issuer   bocom\n"), "\(english.stdout)")
    let json = try session.succeed(["check", "C1", "--format", "json"], environment: Self.chinese)
    #expect(json.stdout.contains("\"issuer\": \"bocom\""), "\(json.stdout)")
  }

  /// Bad values of options, typed by a Chinese user.
  static let badValues: [[String]] = [
    ["enroll", "C1", "--channel", "foo"],
    ["enroll", "C1", "--channel", "bank_app"],
    ["enroll", "C1", "--channel", "wallet", "--at", "昨天"],
    ["card", "add", "C9", "--holder", "H1", "--network", "foo", "--type", "credit"],
    ["card", "add", "C9", "--holder", "H1", "--network", "visa", "--type", "信用"],
    [
      "card", "add", "C9", "--holder", "H1", "--network", "visa", "--type", "credit", "--role", "x",
    ],
    [
      "card", "add", "C9", "--holder", "H1", "--network", "visa", "--type", "credit", "--last4",
      "1",
    ],
    ["card", "add", "C9", "--holder", " ", "--network", "visa", "--type", "credit"],
    [
      "card", "add", "6222020000000000001", "--holder", "H", "--network", "visa", "--type", "debit",
    ],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "1,500"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "１，５００元"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "abc"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "-5"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "1e3"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "1.234"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "0"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "5", "--at", "2026-13-40"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "5", "--at", "2026年2月30日"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "5", "--at", "2026-11-30T10:00+25:00"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "5", "--currency", "XX"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "5", "--method", "微信"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "5", "--status", "foo"],
    ["txn", "add", "--id", "T", "--card", "C1", "--amount", "5", "--mcc", "12"],
    ["txn", "list", "--from", "2026-13"],
    ["txn", "list", "--to", "foo"],
    ["txn", "list", "--limit", "0"],
    ["txn", "list", "--format", "xml"],
    ["statement", "--cycle", "foo"],
    ["export", "foo"],
    ["check", "--holder", "H1", "--amount", "5", "--networks", "foo"],
    ["check", "--holder", "H1", "--amount", "5", "--capabilities", "foo"],
    ["posting", "add", "--card", "C1", "--kind", "foo", "--amount", "5", "--date", "2026-11-01"],
    ["init", "--timezone", "CST"],
    ["sql", "--dialect", "foo"],
    ["sql", "--dialect", "duckdb", "--years", "3000-1"],
    ["completion", "foo"],
    ["import", "cards", "no-such-file.csv"],
    ["card", "list", "--frmat", "json"],
    ["card", "list", "--holder"],
    ["batch", "--cards", "a", "--enrollments", "b", "--transactions", "c", "--memory", "3X"],
    ["--db", "/proc/no-such-folder/wallet.sqlite", "init"],
  ]

  /// Every refusal of a value is in Chinese in Chinese: its first line names the problem with
  /// no run of three English words outside quoted values, whatever the status.
  @Test(arguments: badValues)
  func everyRefusedValueIsRefusedInChinese(arguments: [String]) throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "C1", "--holder", "H1", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom",
    ])
    for environment in [Self.chinese, ["LANG": "en_US.UTF-8"]] {
      let arguments = environment == Self.chinese ? arguments : ["--lang", "zh-Hans"] + arguments
      // A store path of its own is the case's; the others use the session's store.
      let result =
        arguments.contains("--db")
        ? try CommandHarness.run(arguments, environment: environment)
        : try session.run(arguments, environment: environment)
      #expect([64, 65, 66, 74].contains(result.status), "\(arguments): \(result.stderr)")
      let first = String(result.stderr.split(separator: "\n").first ?? "")
      #expect(first.hasPrefix("错误："), "\(arguments): \(first)")
      #expect(Self.englishRun(in: first) == nil, "\(arguments): \(first)")
      // Nor in the rest, but for the usage line, which is the command's own words.
      for line in result.stderr.split(separator: "\n").dropFirst() where !line.hasPrefix("用法：") {
        #expect(Self.englishRun(in: String(line)) == nil, "\(arguments): \(line)")
      }
    }
  }

  /// The first run of three or more English words (letters, separated by single spaces) in
  /// `text` outside quotes; nil when there is none.
  static func englishRun(in text: String) -> String? {
    var unquoted = ""
    var inQuotes = false
    for character in text {
      if character == "'" {
        inQuotes.toggle()
        unquoted.append(" | ")
      } else if !inQuotes {
        unquoted.append(character)
      }
    }
    let pattern = try! NSRegularExpression(pattern: "[A-Za-z]+(?: [A-Za-z]+){2,}")
    let range = NSRange(unquoted.startIndex..., in: unquoted)
    guard let match = pattern.firstMatch(in: unquoted, range: range) else { return nil }
    return Range(match.range, in: unquoted).map { String(unquoted[$0]) }
  }

  /// The detector finds English where there is some, so that the test above can fail.
  @Test func theDetectorFindsAnEnglishSentence() {
    #expect(
      Self.englishRun(in: "错误：无法打开 a.csv：No such file or directory") == "No such file or directory")
    #expect(Self.englishRun(in: "错误：'--channel <channel>' 的取值 'foo bar baz' 无效") == nil)
    #expect(Self.englishRun(in: "错误：应为以下之一：bank-app, wallet") == nil)
  }
}
