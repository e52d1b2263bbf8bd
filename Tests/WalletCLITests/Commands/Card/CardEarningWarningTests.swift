import Foundation
import Testing
import WalletCommandTesting
import WalletCore
import WalletTestSupport

/// `card add` and `import cards` warn of a card no installed promotion could ever reward, and
/// say why; the card is kept and the exit status is 0. A bank is kept by its code whichever of
/// its names is given.
struct CardEarningWarningTests {
  static let warning = "Warning: no installed promotion can ever reward card "

  /// `card add C --holder H1` with `options`, in a session that has run `init`.
  static func add(
    _ session: StoreSession, _ card: String, _ options: [String],
    environment: [String: String] = [:]
  ) throws -> WalletProcess.Result {
    let result = try session.run(
      ["card", "add", card, "--holder", "H1"] + options, environment: environment)
    #expect(result.status == 0, "\(options): \(result.stderr)")
    #expect(result.stdout.isEmpty)
    return result
  }

  /// Installs the built-in promotion changed by `change`, as `id`.
  static func install(
    _ session: StoreSession, _ id: String, _ change: (inout Promotion) -> Void
  ) throws {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.id = Identifier(id)
    change(&promotion)
    try session.write("\(id).json", promotion.jsonText)
    try session.succeed(["promotion", "add", "\(id).json"])
  }

  @Test(
    arguments: [
      (["--network", "unionpay", "--type", "credit", "--issuer", "交通银行"], "bocom"),
      (["--network", "visa", "--type", "信用卡", "--issuer", "Bank of Communications"], "bocom"),
      (["--network", "银联", "--type", "credit", "--issuer", " BoCom ", "--role", "附属卡"], "bocom"),
    ])
  func aCardThatCanEarnIsAddedQuietlyByItsBanksCode(options: [String], code: String) throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let added = try Self.add(session, "C1", options)
    #expect(added.stderr == "Added card C1 (holder H1).\n")
    let listed = try session.succeed(["card", "list", "--format", "csv"]).stdout
    #expect(listed.contains(",\(code),"), "\(listed)")
  }

  /// Each condition the built-in promotion sets, failed alone, is named in English and in
  /// Chinese.
  @Test(
    arguments: [
      (
        ["--network", "unionpay", "--type", "credit", "--issuer", "招行"],
        "The card is issued by cmb; only bocom cards count.",
        "该卡由招商银行发行；只有交通银行的卡才计入。"
      ),
      (
        ["--network", "unionpay", "--type", "credit", "--issuer", "Foo Bank"],
        "The card is issued by Foo Bank; only bocom cards count.",
        "该卡由 Foo Bank 发行；只有交通银行的卡才计入。"
      ),
      (
        ["--network", "unionpay", "--type", "credit"],
        "The card is of an issuer wallet does not know; only bocom cards count.",
        "该卡的发卡行未知；只有交通银行的卡才计入。"
      ),
      (
        ["--network", "unionpay", "--type", "储蓄卡", "--issuer", "bocom"],
        "It is a debit card; only credit cards count.", "这是借记卡；本活动只认信用卡。"
      ),
    ])
  func aCardThatCanNeverEarnIsWarnedOf(options: [String], english: String, chinese: String)
    throws
  {
    let session = try StoreSession()
    try session.succeed(["init"])
    let added = try Self.add(session, "C2", options)
    #expect(added.stderr == "Added card C2 (holder H1).\n" + Self.warning + "C2: \(english)\n")
    let again = try Self.add(session, "C2", options, environment: ["LANG": "zh_CN.UTF-8"])
    #expect(
      again.stderr
        == "卡片 C2 已在数据库中，未做改动。\n警告：已安装的活动都不会给卡 C2 返刷卡金：\(chinese)\n")
    // The card is kept all the same.
    #expect(try session.succeed(["card", "list", "--format", "csv"]).stdout.contains("\nC2,H1,"))
  }

  /// With promotions that refuse a card for different reasons, each says its own; one that
  /// could reward it silences the warning.
  @Test func everyPromotionIsAskedAndEachSaysWhy() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try Self.install(session, "unionpay-only") {
      $0.networks = [.unionpay]
      $0.cardTypes = nil
    }
    try Self.install(session, "no-supplementary") {
      $0.cardTypes = nil
      $0.supplementaryCards = .exclude
    }
    let visa = try Self.add(
      session, "C3", ["--network", "visa", "--type", "debit", "--issuer", "bocom", "--role", "副卡"])
    #expect(
      visa.stderr
        == "Added card C3 (holder H1).\n" + Self.warning + "C3: "
        + "bocom-applepay-monthly: It is a debit card; only credit cards count. "
        + "no-supplementary: It is a supplementary card, and this promotion leaves "
        + "supplementary cards out. "
        + "unionpay-only: It is a visa card; only unionpay cards count.\n")
    // A primary debit card of bocom on UnionPay is one unionpay-only rewards.
    let unionpay = try Self.add(
      session, "C4", ["--network", "unionpay", "--type", "debit", "--issuer", "交通银行"])
    #expect(unionpay.stderr == "Added card C4 (holder H1).\n")
    // And one for any issuer takes a card of any bank.
    try Self.install(session, "any-issuer") { $0.issuer = nil }
    let cmb = try Self.add(
      session, "C5", ["--network", "unionpay", "--type", "credit", "--issuer", "cmb"])
    #expect(cmb.stderr == "Added card C5 (holder H1).\n")
  }

  /// A file's cards are judged as `card add` judges one: the first 20 are named, the rest
  /// counted; the import still succeeds.
  @Test func importCardsWarnsOfEachAndCountsTheRest() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    var rows = ["card,holder,network,type,role,issuer,last4", "OK,H1,unionpay,信用卡,主卡,交通银行,"]
    rows += (1...25).map { "D\($0),H1,unionpay,借记卡,,交行," }
    try session.write("cards.csv", rows.joined(separator: "\n") + "\n")
    let result = try session.run(["import", "cards", "cards.csv"])
    #expect(result.status == 0)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    let why = ": It is a debit card; only credit cards count."
    #expect(Array(lines.prefix(20)) == (1...20).map { Self.warning + "D\($0)" + why })
    #expect(
      lines.dropFirst(20).first
        == "Warning: and 5 more cards that no installed promotion can ever reward.")
    #expect(lines.last == "cards.csv: 26 new, 0 already present, 0 replaced, 0 invalid")
    let listed = try session.succeed(["card", "list", "--format", "csv"]).stdout
    #expect(listed.contains("OK,H1,unionpay,credit,primary,bocom,"))
    #expect(listed.contains("D7,H1,unionpay,debit,primary,bocom,"))
  }
}
