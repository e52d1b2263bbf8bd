import Foundation
import Testing
import WalletCommandTesting
import WalletIngest
import WalletTestSupport

/// `wallet format list|show`: the statement formats built into the binary, readable without the
/// package's `data/formats/`.
struct FormatCommandTests {
  /// The formats' files as the package keeps them, the one source of what is compiled in.
  static func repositoryFile(_ id: String) throws -> Data {
    try Data(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent("data/formats/\(id).json"))
  }

  @Test func listGivesEachBuiltInFormatInDetectionOrder() throws {
    let csv = try CommandHarness.run(["format", "list", "--format", "csv"])
    #expect(csv.status == 0)
    let rows = csv.stdout.lines.map { $0.split(separator: ",").map(String.init) }
    #expect(rows.first == ["id", "name", "kind"])
    #expect(rows.dropFirst().map { $0[0] } == StatementFormat.builtIn.map(\.id))
    #expect(rows.dropFirst().map { $0.last } == StatementFormat.builtIn.map(\.kind.rawValue))

    let json = try CommandHarness.run(["format", "list", "--format", "json"])
    let names = StatementFormat.builtIn.map(\.name)
    for name in names { #expect(json.stdout.contains("\"name\": \"\(name)\"")) }

    let table = try CommandHarness.run(["format", "list"])
    #expect(table.stdout.lines.first?.split(separator: " ") == ["id", "name", "kind"])
    let bocom = try #require(table.stdout.lines.first { $0.hasPrefix("bocom-credit ") })
    #expect(bocom.hasSuffix("a credit-card statement"))
    let wechat = try #require(table.stdout.lines.first { $0.hasPrefix("wechat ") })
    #expect(wechat.hasSuffix("a payment app's export"))
  }

  @Test func listInChinese() throws {
    let table = try CommandHarness.run(["--lang", "zh-Hans", "format", "list"])
    #expect(table.status == 0)
    #expect(table.stdout.lines.first?.split(separator: " ") == ["编号", "名称", "类别"])
    #expect(table.stdout.lines.first { $0.hasPrefix("alipay ") }?.hasSuffix("支付 App 的导出文件") == true)
    #expect(table.stdout.lines.first { $0.hasPrefix("icbc-credit ") }?.hasSuffix("信用卡对账单") == true)
  }

  /// What `show` prints is the shipped file byte for byte, so a copy of it is a format file.
  @Test(arguments: ["bocom-credit", "cmb-credit", "icbc-credit", "alipay", "wechat"])
  func showPrintsTheShippedFileExactly(id: String) throws {
    let shown = try CommandHarness.run(["format", "show", id])
    #expect(shown.status == 0)
    #expect(shown.stderr.isEmpty)
    #expect(Data(shown.stdout.utf8) == (try Self.repositoryFile(id)))
  }

  /// A copy of a shown format, given back with --format FILE, reads a statement as the built-in
  /// one does.
  @Test func aShownFormatSavedToAFileImportsAsTheBuiltInOne() throws {
    let (builtIn, copied) = (try ImportStatementTests.wallet(), try ImportStatementTests.wallet())
    let shown = try CommandHarness.run(["format", "show", "cmb-credit"])
    try copied.write("my-bank.json", shown.stdout)
    let statement = ImportStatementTests.fixture("cmb-credit.csv")
    let options = ["--method", "apple-pay"]
    try builtIn.succeed(["import", "statement", statement, "--format", "cmb-credit"] + options)
    try copied.succeed(["import", "statement", statement, "--format", "my-bank.json"] + options)
    #expect(try ImportStatementTests.contents(copied) == ImportStatementTests.contents(builtIn))
  }

  @Test(arguments: [Language.english, .simplifiedChinese])
  func anUnknownIDIsAUsageErrorListingTheBuiltInOnes(language: Language) throws {
    let result = try CommandHarness.run(["--lang", language.code, "format", "show", "citic"])
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(StatementFormat.builtIn.map(\.id).joined(separator: ", ")))
  }

  /// `import statement --help` sends the reader to the commands, not to a folder of the package.
  @Test(arguments: [Language.english, .simplifiedChinese])
  func importStatementsHelpPointsToTheCommands(language: Language) throws {
    let help = try CommandHarness.run(["--lang", language.code, "import", "statement", "--help"])
    let text = help.stdout.replacingOccurrences(of: "\n", with: " ")
    #expect(text.contains("'wallet format list'"))
    #expect(text.contains("'wallet format show ID'"))
    #expect(!text.contains("data/formats"))
  }

  /// Languages as `--lang` spells them.
  enum Language: String, CaseIterable, Sendable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"
    var code: String { rawValue }
  }
}
