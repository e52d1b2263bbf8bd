import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// wallet's own CSV files written in GBK, as a Chinese spreadsheet saves them, are read as
/// statements are (SPEC 4): converted from GB18030, which is said on standard error, with
/// errors at the same line and column as in UTF-8.
struct GBKFileTests {
  static let files: [(kind: String, text: String)] = [
    (
      "cards",
      """
      card,holder,network,type,role,issuer,last4
      交行卡,张三,unionpay,credit,primary,交通银行,7449
      附属卡,张三,unionpay,credit,supplementary,交通银行,5678

      """
    ),
    (
      "enrollments",
      """
      id,card,channel,enrolled_at
      绑卡一,交行卡,bank-app,2026-05-10T09:00:00+08:00

      """
    ),
    (
      "transactions",
      """
      id,card,time,amount,method,enrollment,merchant,mcc
      交易一,交行卡,2026-05-28T19:42:10+08:00,268.00,apple-pay,绑卡一,盒马鲜生,5411
      交易二,附属卡,2026-06-03T12:05:00+08:00,150.00,card,,星巴克,5814

      """
    ),
    (
      "postings",
      """
      id,card,date,kind,amount,transaction,description
      返还一,交行卡,2026-07-10,credit,10.00,交易一,刷卡金返还

      """
    ),
  ]

  /// Every listing of the store, as CSV.
  static func contents(_ session: StoreSession) throws -> [String] {
    try [["card", "list"], ["enrollment", "list"], ["txn", "list"], ["posting", "list"]].map {
      try session.succeed($0 + ["--format", "csv"]).stdout
    }
  }

  @Test(arguments: ["en", "zh-Hans"])
  func eachImportReadsGBKAndSaysSo(language: String) throws {
    let (gbk, utf8) = (try StoreSession(), try StoreSession())
    for session in [gbk, utf8] { try session.succeed(["init"]) }
    for (kind, text) in Self.files {
      let name = "\(kind).csv"
      try gbk.folder.write(name, bytes: GBK.bytes(text))
      try utf8.write(name, text)
      let result = try gbk.succeed(["import", kind, name, "--lang", language])
      let notice =
        language == "en"
        ? "\(name) is not UTF-8: read as GB18030 (GBK)."
        : "\(name) 不是 UTF-8：已按 GB18030（GBK）读取。"
      // Said first, before the summary: what follows is about the text as converted.
      let lines = result.stderr.lines
      #expect(lines.first == notice, "\(result.stderr)")
      #expect(lines.count == 2, "\(result.stderr)")
      let plain = try utf8.succeed(["import", kind, name, "--lang", language])
      #expect(!plain.stderr.contains("GB18030"), "\(plain.stderr)")
      #expect(Array(lines.dropFirst()) == plain.stderr.lines)
      // Quiet is no summary, but the encoding is still said.
      let again = try gbk.succeed(["import", kind, name, "--quiet", "--lang", language])
      #expect(again.stderr == notice + "\n")
    }
    #expect(try Self.contents(gbk) == (try Self.contents(utf8)))
    #expect(try Self.contents(gbk)[0].contains("交行卡,张三,unionpay,credit,primary,bocom,7449"))
  }

  @Test func aFileOfNeitherIsAnErrorAtItsLine() throws {
    let session = try StoreSession()
    // 0xFF starts no character in either encoding; the line before it is GBK, so the damage
    // is the 0xFF, in the fifth field of the third line.
    let bytes =
      GBK.bytes("card,holder,network,type,issuer\n交行卡,张三,unionpay,credit,交通银行\n")
      + Array("C2,H2,visa,credit,".utf8) + [0xFF, 0x0A]
    try session.folder.write("cards.csv", bytes: bytes)
    for language in ["en", "zh-Hans"] {
      let result = try session.run(["import", "cards", "cards.csv", "--lang", language])
      #expect(result.status == 65)
      #expect(
        result.stderr.hasSuffix(
          language == "en"
            ? "cards.csv:3:5: the file is neither UTF-8 nor GB18030 (GBK) text\n"
            : "cards.csv:3:5：文件既不是 UTF-8 也不是 GB18030（GBK）文本\n"), "\(result.stderr)")
      #expect(!result.stderr.contains("read as"), "\(result.stderr)")
    }
    #expect(try session.succeed(["card", "list", "--format", "csv"]).stdout.lines.count == 1)
  }

  /// A bad value on a GBK line is at the line and column it has in the file, after Chinese
  /// text in the columns before it.
  @Test(arguments: [
    (
      "cards",
      "card,holder,network,type,issuer,last4\n卡一,张三,unionpay,credit,交通银行,7449\n"
        + "卡二,李四,unionpay,金卡,交通银行,5678\n",
      "cards.csv:3:4: "
    ),
    (
      "transactions",
      "id,card,merchant,time,amount\n交易一,交行卡,盒马鲜生,2026-05-28T19:42,一百\n",
      "transactions.csv:2:5: "
    ),
  ])
  func aBadValueIsAtItsLineAndColumn(kind: String, text: String, place: String) throws {
    let session = try StoreSession()
    try session.succeed([
      "card", "add", "交行卡", "--holder", "张三", "--network", "unionpay", "--type", "credit",
    ])
    try session.folder.write("\(kind).csv", bytes: GBK.bytes(text))
    try session.write("utf8.csv", text)
    let result = try session.run(["import", kind, "\(kind).csv"])
    #expect(result.status == 65)
    let lines = result.stderr.lines
    #expect(lines.first == "\(kind).csv is not UTF-8: read as GB18030 (GBK).", "\(result.stderr)")
    #expect(lines.last?.hasPrefix("Error: \(place)") == true, "\(result.stderr)")
    // The same words as for the file in UTF-8.
    let plain = try session.run(["import", kind, "utf8.csv"])
    #expect(
      lines.last?.replacingOccurrences(of: "\(kind).csv", with: "utf8.csv")
        == plain.stderr.lines.last, "\(plain.stderr)")
  }

  /// batch reads GBK inputs as it reads UTF-8 ones, in memory, in pieces and in parts, and
  /// writes the same rewards and decisions.
  @Test(arguments: [
    ([String](), [String: String]()), ([], ["WALLET_SPLIT_BYTES": "64"]),
    (["--memory", "1K"], [:]),
  ])
  func batchReadsGBKInputs(options: [String], environment: [String: String]) throws {
    let session = try StoreSession()
    var arguments: [String: [String]] = ["gbk": [], "utf8": []]
    var notices: [String] = []
    for kind in ["cards", "enrollments", "transactions", "postings"] {
      // Chinese holders and merchants, in both encodings.
      let text = try String(contentsOfFile: WalletProcess.sample("\(kind).csv"), encoding: .utf8)
        .replacingOccurrences(of: "H001", with: "张三").replacingOccurrences(of: "H002", with: "李四")
      try session.folder.write("gbk-\(kind).csv", bytes: GBK.bytes(text))
      try session.write("utf8-\(kind).csv", text)
      // batch takes postings in memory only.
      guard kind != "postings" || options.isEmpty else { continue }
      for encoding in ["gbk", "utf8"] {
        arguments[encoding, default: []] += ["--\(kind)", "\(encoding)-\(kind).csv"]
      }
      // A file of ASCII alone is the same in both: UTF-8, and nothing to say.
      if text.utf8.contains(where: { $0 >= 0x80 }) {
        notices.append("gbk-\(kind).csv is not UTF-8: read as GB18030 (GBK).")
      }
    }
    #expect(notices.count >= 2)
    let outputs = ["rewards", "decisions"] + (options.isEmpty ? ["reconciliation"] : [])
    var written: [String: [String?]] = [:]
    for encoding in ["gbk", "utf8"] {
      var out = outputs.flatMap { ["--\($0 == "rewards" ? "out" : $0)", "\(encoding)-\($0).csv"] }
      if options.isEmpty { out += ["--as-of", "2026-12-01"] }
      // batch takes no store.
      let result = try CommandHarness.run(
        ["batch"] + (arguments[encoding] ?? []) + out + options, environment: environment,
        directory: session.folder.url)
      #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
      let said = result.stderr.lines.filter { $0.contains("GB18030") }
      #expect(said == (encoding == "gbk" ? notices : []), "\(result.stderr)")
      written[encoding] = outputs.map { session.folder.read("\(encoding)-\($0).csv") }
    }
    #expect(written["gbk"] == written["utf8"])
    #expect(written["gbk"]?.allSatisfy { $0 != nil } == true)
    #expect(written["gbk"]?[1]?.contains("张三") == true)
  }

  /// A file whose first 64 KiB are ASCII is taken for UTF-8 at first sight; a GBK character
  /// further on starts the run again, reading it as GB18030, and a byte of neither is an error
  /// at its place, whichever way batch reads the file.
  @Test(arguments: [
    ([String](), [String: String]()), ([], ["WALLET_SPLIT_BYTES": "64"]),
    (["--memory", "1K"], [:]),
  ])
  func batchFindsALateCharacterThatIsNotUTF8(
    options: [String], environment: [String: String]
  ) throws {
    let session = try StoreSession()
    let sample = { (kind: String) in
      try String(contentsOfFile: WalletProcess.sample("\(kind).csv"), encoding: .utf8)
    }
    var rows = try sample("transactions").lines
    let header = rows.removeFirst()
    // ASCII rows first, then the sample's own, with their Chinese merchants, and one more.
    let ascii = (0..<2_000).map { "A\($0),C-WF-CREDIT,2026-06-01T10:00:00+08:00,1.00,,card,,,,," }
    let last = "Z1,C-WF-CREDIT,2026-06-02T10:00:00+08:00,5.00,CNY,card,settled,,,某面馆,5812"
    let text = ([header] + ascii + rows + [last]).joined(separator: "\n") + "\n"
    #expect(ascii.joined().utf8.count > 64 << 10)
    try session.write("cards.csv", try sample("cards"))
    try session.write("enrollments.csv", try sample("enrollments"))
    try session.write("utf8.csv", text)
    try session.folder.write("gbk.csv", bytes: GBK.bytes(text))
    // A byte of neither encoding in the last row's merchant, its tenth field.
    var broken = Array(text.utf8)
    let lastRow = text.lines.count
    broken.insert(0xFF, at: try #require(broken.lastIndex(of: Array("某".utf8)[0])))
    try session.folder.write("broken.csv", bytes: broken)
    func batch(_ transactions: String) throws -> (WalletProcess.Result, String?) {
      let out = "\(transactions).rewards.csv"
      let result = try CommandHarness.run(
        [
          "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
          transactions, "--out", out, "--decisions", "\(transactions).decisions.csv",
        ] + options,
        environment: environment, directory: session.folder.url)
      return (result, session.folder.read("\(transactions).decisions.csv"))
    }
    let (plain, plainDecisions) = try batch("utf8.csv")
    #expect(plain.status == 0, "\(plain.stderr)")
    let (gbk, gbkDecisions) = try batch("gbk.csv")
    #expect(gbk.status == 0, "\(gbk.stderr)")
    #expect(gbkDecisions == plainDecisions && plainDecisions != nil)
    // Said once, though the run started again.
    #expect(
      gbk.stderr.lines.filter { $0.contains("GB18030") }
        == ["gbk.csv is not UTF-8: read as GB18030 (GBK)."], "\(gbk.stderr)")
    let (refused, nothing) = try batch("broken.csv")
    #expect(refused.status == 65 && nothing == nil)
    #expect(
      refused.stderr.hasSuffix(
        "broken.csv:\(lastRow):10: the file is neither UTF-8 nor GB18030 (GBK) text\n"),
      "\(refused.stderr)")
  }
}
