import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// A section 8 promotion file that `promotion add` and `batch --promotion` must refuse: the
/// file, where the error must point (the first occurrence of `marker`), the field, and what the
/// message says in each language.
struct RefusedRules: CustomTestStringConvertible, Sendable {
  let name: String
  let file: String
  let marker: String
  let field: String
  let english: String
  let chinese: String

  var testDescription: String { name }

  /// `LINE:COLUMN` of `marker` in the file, columns counted in characters.
  var location: String {
    let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      if let range = line.range(of: marker) {
        return "\(index + 1):\(line.distance(from: line.startIndex, to: range.lowerBound) + 1)"
      }
    }
    return "?"
  }

  /// A valid section 8 file, one field a line.
  static let base = """
    {
      "id": "hk-applepay-5",
      "currency": "HKD",
      "timezone": "Asia/Hong_Kong",
      "cycleStartDay": 1,
      "reward": { "percent": "5", "cap": "20.00" },
      "limits": [{ "count": 1, "per": "day", "scope": "card" }, { "amount": "300.00", "per": "month" }],
      "weekdays": [3],
      "mccs": ["5411"],
      "channels": ["wallet"],
      "source": { "url": "https://bank.example/terms", "retrieved": "2026-01-05" }
    }

    """

  /// `base` with `old` replaced by `new`.
  init(
    _ name: String, _ old: String, _ new: String, at marker: String, field: String,
    _ english: String, _ chinese: String
  ) {
    self.init(
      name, file: Self.base.replacingOccurrences(of: old, with: new), at: marker, field: field,
      english, chinese)
  }

  init(
    _ name: String, file: String, at marker: String, field: String, _ english: String,
    _ chinese: String
  ) {
    self.name = name
    self.file = file
    self.marker = marker
    self.field = field
    self.english = english
    self.chinese = chinese
  }

  static let cases: [RefusedRules] = [
    RefusedRules(
      "limits that do not form a chain", #""per": "day""#, #""per": "week""#,
      at: #"{ "amount""#, field: "limits[1]",
      "does not nest with 'limits[0]': neither 300.00 per month for each holder nor 1 reward per "
        + "week for each card", "与 'limits[0]' 不能嵌套"),
    RefusedRules(
      "a count of 0", #""count": 1"#, #""count": 0"#, at: #"0, "per""#, field: "limits[0].count",
      "must be at least 1, not 0", "必须至少为 1，而不是 0"),
    RefusedRules(
      "an unknown period", #""per": "day""#, #""per": "fortnight""#, at: #""fortnight""#,
      field: "limits[0].per", "'fortnight' is an unknown period", "'fortnight' 不是已知的周期"),
    RefusedRules(
      "three fraction digits", #""percent": "5""#, #""percent": "2.125""#, at: #""2.125""#,
      field: "reward.percent", "'2.125': a percentage has at most two digits after the point",
      "'2.125'：百分比最多保留两位小数"),
    RefusedRules(
      "a fixed reward naming one channel", #"{ "percent": "5", "cap": "20.00" }"#,
      #"{ "fixed": { "wallet": "5.00" } }"#, at: #"{ "wallet""#, field: "reward.fixed.bank-app",
      "is required", "必填"),
    RefusedRules(
      "two kinds of reward", #""cap": "20.00""#, #""fixed": "20.00""#, at: #""20.00""#,
      field: "reward.fixed", "is a second kind of reward beside percent", "是 percent 之外的第二种返现方式"),
    RefusedRules(
      "tiers beside reward", #""cycleStartDay": 1,"#,
      #""cycleStartDay": 1, "tiers": { "bank-app": ["1"], "wallet": ["1"] },"#,
      at: #"{ "bank-app""#,
      field: "tiers", "cannot be given beside reward", "不能与 reward 同时给出"),
    RefusedRules(
      "a weekday outside 1-7", #""weekdays": [3]"#, #""weekdays": [3, 8]"#, at: "8]",
      field: "weekdays[1]", "must be between 1 and 7, not 8", "必须在 1 到 7 之间，而不是 8"),
    RefusedRules(
      "an MCC of three digits", #"["5411"]"#, #"["541"]"#, at: #""541""#, field: "mccs[0]",
      "'541' is not a four-digit merchant code", "'541' 不是四位数字的商户类别码"),
    RefusedRules(
      "an unknown channel", #"["wallet"]"#, #"["apple"]"#, at: #""apple""#, field: "channels[0]",
      "'apple' is an unknown channel", "'apple' 不是已知的渠道"),
    RefusedRules(
      "a threshold of zero", #""weekdays": [3],"#,
      #""weekdays": [3], "threshold": { "spend": "0.00", "per": "week" },"#, at: #""0.00""#,
      field: "threshold.spend", "must be more than 0.00, not 0.00", "必须大于 0.00，而不是 0.00"),
    RefusedRules(
      "an empty merchant", #""weekdays": [3],"#, #""weekdays": [3], "merchants": [""],"#,
      at: #""""#, field: "merchants[0]", "must not be empty", "不能为空"),
  ]
}

/// `promotion add` and `batch --promotion` refuse a malformed section 8 file, or one that the
/// gate refuses, with exit status 65, the file, place and field, in English and in Chinese, and
/// write nothing; `promotion show` prints a promotion's source.
struct PromotionRulesCommandTests {
  static let chinese = ["LANG": "zh_CN.UTF-8"]

  static func expectRefusal(
    _ result: WalletProcess.Result, _ refused: RefusedRules, chinese: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 65, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    let (prefix, words) =
      chinese
      ? ("错误：p.json:\(refused.location)：字段 '\(refused.field)'：", refused.chinese)
      : ("Error: p.json:\(refused.location): field '\(refused.field)': ", refused.english)
    #expect(
      result.stderr.hasPrefix(prefix + words), "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.lines.count == 1, sourceLocation: sourceLocation)
  }

  @Test("promotion add refuses it and leaves the store alone", arguments: RefusedRules.cases)
  func promotionAdd(_ refused: RefusedRules) throws {
    #expect(refused.location != "?", "the marker is in the file")
    let session = try PromotionInvalidInputTests.goodPromotionAdded.session()
    let listed = try session.succeed(["promotion", "list", "--format", "csv"]).stdout
    let before = try session.storeBytes()
    try session.write("p.json", refused.file)
    Self.expectRefusal(try session.run(["promotion", "add", "p.json"]), refused, chinese: false)
    Self.expectRefusal(
      try session.run(["promotion", "add", "p.json"], environment: Self.chinese), refused,
      chinese: true)
    #expect(try session.storeBytes() == before)
    #expect(try session.succeed(["promotion", "list", "--format", "csv"]).stdout == listed)
  }

  @Test("batch --promotion refuses it and leaves the output alone", arguments: RefusedRules.cases)
  func batch(_ refused: RefusedRules) throws {
    let folder = try TemporaryFolder()
    try folder.write("p.json", refused.file)
    try folder.write("cards.csv", BatchFiles.goodCards)
    try folder.write("enrollments.csv", BatchFiles.goodEnrollments)
    try folder.write("transactions.csv", BatchFiles.goodTransactions)
    try folder.write("out.csv", "previous output\n")
    for chinese in [false, true] {
      let result = try CommandHarness.run(
        [
          "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
          "transactions.csv", "--promotion", "p.json", "--out", "out.csv", "--decisions",
          "decisions.csv",
        ], environment: chinese ? Self.chinese : [:], directory: folder.url)
      Self.expectRefusal(result, refused, chinese: chinese)
    }
    #expect(folder.read("out.csv") == "previous output\n")
    #expect(
      folder.fileNames == ["cards.csv", "enrollments.csv", "out.csv", "p.json", "transactions.csv"])
  }

  /// A valid SPEC 8 file installs, and `wallet sql` compiles it.
  @Test func aSectionEightFileInstallsAndCompiles() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.write("p.json", RefusedRules.base)
    try session.succeed(["promotion", "add", "p.json"])
    let listed = try session.succeed(["promotion", "list", "--format", "csv"]).stdout
    #expect(listed.contains("hk-applepay-5"), "\(listed)")
    let folder = try TemporaryFolder()
    try folder.write("p.json", RefusedRules.base)
    for chinese in [false, true] {
      let result = try CommandHarness.run(
        ["sql", "--dialect", "sqlite", "--promotion", "p.json"],
        environment: chinese ? Self.chinese : [:],
        directory: folder.url)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("SELECT"))
    }
  }

  /// A section 2 file with a source installs; `promotion show` prints the source after the
  /// other fields, the same in both languages, and what it prints installs as the same promotion.
  @Test func showPrintsTheSource() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let withSource = PromotionCommandTests.monthly.replacingOccurrences(
      of: "\n}",
      with: ",\n  \"source\": { \"notes\": \"银行页面未给出活动日期\", \"retrieved\": \"2026-01-05\", "
        + "\"url\": \"https://bank.example/terms?a=1&b=2\" }\n}")
    #expect(withSource != PromotionCommandTests.monthly)
    try session.write("source.json", withSource)
    try session.succeed(["promotion", "add", "source.json"])

    let shown = try session.succeed(["promotion", "show", "test-monthly"])
    #expect(
      shown.stdout.hasSuffix(
        """
          "postingDays": 30,
          "source": { "url": "https://bank.example/terms?a=1&b=2", "retrieved": "2026-01-05", "notes": "银行页面未给出活动日期" }
        }

        """), "\(shown.stdout)")
    let inChinese = try session.succeed(
      ["promotion", "show", "test-monthly"], environment: Self.chinese)
    #expect(inChinese.stdout == shown.stdout)
    try session.write("shown.json", shown.stdout)
    #expect(
      try session.run(["promotion", "add", "shown.json"]).stderr
        == "Promotion test-monthly is already installed; nothing changed.\n")

    // A promotion without SPEC 8's fields is shown as before: the built-in, as shipped.
    let builtIn = try session.succeed(["promotion", "show", "bocom-applepay-monthly"])
    let shipped = try String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent(
        "data/promotions/bocom-applepay-monthly.json"), encoding: .utf8)
    #expect(builtIn.stdout == shipped)
  }
}
