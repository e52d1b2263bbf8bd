import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// With LANG, LC_MESSAGES or LC_ALL naming Simplified Chinese, or `--lang zh-Hans`, a person
/// reads Chinese; machine output (CSV, JSON, reason codes, exit statuses) does not change.
struct ChineseOutputTests {
  static let chinese = ["LANG": "zh_CN.UTF-8"]

  static func expectedDemo() throws -> String {
    try String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent(
        "data/sample/expected/demo.zh-Hans.txt"),
      encoding: .utf8)
  }

  @Test func theDemoInChineseIsTheCheckedInTranscript() throws {
    let result = try CommandHarness.run(["demo"], environment: Self.chinese)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout == (try Self.expectedDemo()))
  }

  @Test(arguments: [
    (["demo", "--lang", "zh-Hans"], [:]),
    (["--lang=zh-Hans", "demo"], ["LANG": "en_US.UTF-8"]),
    (["demo"], ["LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"]),
    (["demo"], ["LC_ALL": "zh_SG.UTF-8", "LANG": "C"]),
  ])
  func everyWayOfChoosingChineseGivesTheSameDemo(
    arguments: [String], environment: [String: String]
  ) throws {
    let result = try CommandHarness.run(arguments, environment: environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == (try Self.expectedDemo()))
  }

  @Test func lcAllWinsOverLangAndLangEnOverridesTheEnvironment() throws {
    let english = try DemoCommandTests.expected()
    let overridden = try CommandHarness.run(
      ["demo"], environment: ["LC_ALL": "C", "LANG": "zh_CN.UTF-8"])
    #expect(overridden.stdout == english)
    let asked = try CommandHarness.run(["demo", "--lang", "en"], environment: Self.chinese)
    #expect(asked.stdout == english)
  }

  @Test func theChineseTranscriptSpeaksAsABanksApp() throws {
    let text = try Self.expectedDemo()
    for phrase in [
      "请用 C-ZW-BOCOM 支付：可得刷卡金 ¥15.00。", "结算周期", "Apple 钱包", "买单吧",
      "合计：11 笔刷卡金，¥135.00。", "T2005 没有刷卡金：not-enrolled。", "主卡",
    ] {
      #expect(text.contains(phrase), "\(phrase)")
    }
    // The commands shown, the ids and the reason codes are the same as in English.
    let english = try DemoCommandTests.expected()
    for line in english.split(separator: "\n") where line.hasPrefix("$ wallet") {
      #expect(text.contains(line + "\n"), "\(line)")
    }
    for code in ["other-issuer", "ineligible-card-type", "cycle-already-rewarded", "not-enrolled"] {
      #expect(text.contains(code))
    }
    // Every heading is translated: none is left in English.
    for line in text.split(separator: "\n") where line.hasPrefix("==> ") {
      #expect(line.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(line)")
    }
  }

  /// Machine output, byte for byte the same in either language.
  @Test(arguments: [
    ["statement", "--format", "csv"], ["statement", "--format", "json"],
    ["check", "C-ZW-BOCOM", "--format", "json"],
    ["check", "--holder", "H002", "--amount", "150", "--format", "json"],
    ["explain", "T2005", "--format", "json"], ["export", "rewards"], ["export", "decisions"],
    ["txn", "list", "--format", "csv"], ["card", "list", "--format", "json"],
    ["reconcile", "--format", "json"],
  ])
  func machineOutputDoesNotChange(arguments: [String]) throws {
    let session = try StoreSession()
    try session.importSample()
    try session.succeed(["import", "postings", WalletProcess.sample("postings.csv")])
    let english = try session.run(arguments)
    let chinese = try session.run(arguments, environment: Self.chinese)
    #expect(!english.stdout.isEmpty)
    #expect(chinese.stdout == english.stdout)
    #expect(chinese.status == english.status)
  }

  @Test func errorsAreInChineseWithTheSameExitStatus() throws {
    let session = try StoreSession()
    try session.importSample()
    for (arguments, status, message) in [
      (["check", "NOPE"], Int32(65), "错误：数据库中没有卡片 'NOPE'"),
      (["check", "--frob"], 64, "错误：未知选项 '--frob'\n用法：wallet check"),
      (["chek"], 64, "错误：未知子命令 'chek'。您是不是要用 'check'？"),
      (["check", "--holder", "H001"], 64, "错误：--holder 需要配合 --amount"),
    ] {
      let english = try session.run(arguments)
      let chinese = try session.run(arguments, environment: Self.chinese)
      #expect(english.status == status, "\(arguments)")
      #expect(chinese.status == status, "\(arguments)")
      #expect(chinese.stderr.hasPrefix(message), "\(arguments): \(chinese.stderr)")
      #expect(english.stderr.hasPrefix("Error: "), "\(arguments)")
    }
  }

  @Test func helpHeadingsAndAbstractsAreInChinese() throws {
    let result = try CommandHarness.run(["--help"], environment: Self.chinese)
    #expect(result.status == 0)
    #expect(result.stdout.hasPrefix("概述：离线卡包与 Apple Pay 刷卡金计算器。"))
    for heading in ["用法：wallet <subcommand>", "选项：", "子命令：", "显示帮助信息。"] {
      #expect(result.stdout.contains(heading), "\(heading)")
    }
    // No help line is wider than 80 columns, Chinese characters counting two.
    for line in result.stdout.split(separator: "\n") {
      let width = line.unicodeScalars.reduce(0) {
        $0 + ((0x2E80...0xFFEF).contains($1.value) ? 2 : 1)
      }
      #expect(width <= 80, "\(line)")
    }
  }
}

/// The README's Chinese lines are the demo's, as it prints them.
struct ChineseReadmeTests {
  @Test func theReadmesChineseExcerptIsFromTheTranscript() throws {
    let readme = try String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try #require(readme.components(separatedBy: "## 中文输出").dropFirst().first)
    // The excerpt is the fenced block that starts with a heading of the demo.
    let start = try #require(section.range(of: "```\n==> "))
    let rest = section[start.lowerBound...].dropFirst(4)
    let end = try #require(rest.range(of: "```\n"))
    let excerpt = String(rest[..<end.lowerBound])
    #expect(excerpt.contains("请用 C-ZW-BOCOM 支付"))
    #expect(try ChineseOutputTests.expectedDemo().contains(excerpt))
  }
}
