import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// The errors a cardholder meets most — a bad cell in a file, a broken promotion file, a usage
/// mistake inside a command, an id the store has never seen — are in Chinese when the language
/// is, with the same exit status and the same file:line:column as in English.
struct ChineseErrorTests {
  static let chinese = ["LANG": "zh_CN.UTF-8"]

  /// The run in English and in Chinese: the same status; stderr's first line of each.
  static func both(_ session: StoreSession, _ arguments: [String]) throws
    -> (status: Int32, english: String, chinese: String)
  {
    let english = try session.run(arguments)
    let chinese = try session.run(arguments, environment: Self.chinese)
    #expect(english.status == chinese.status, "\(arguments)")
    #expect(english.stdout == chinese.stdout, "\(arguments)")
    let first = { (text: String) in String(text.split(separator: "\n").first ?? "") }
    return (english.status, first(english.stderr), first(chinese.stderr))
  }

  @Test func aBadCellOnImport() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.write(
      "bad.csv",
      "id,card,time,amount\nT9001,C-ZW-BOCOM,2026-11-02T10:00:00+08:00,-5.00\n")
    let run = try Self.both(session, ["import", "transactions", "bad.csv"])
    #expect(run.status == 65)
    #expect(run.english == "Error: bad.csv:2:4: amount '-5.00': an amount cannot be negative")
    #expect(run.chinese == "错误：bad.csv:2:4：amount '-5.00'：金额不能为负数")
  }

  @Test func aMalformedPromotionFile() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.write("promo.json", #"{"id": "P1", "minimumSpend": "abc", }"#)
    let run = try Self.both(session, ["promotion", "add", "promo.json"])
    #expect(run.status == 65)
    #expect(run.english.hasPrefix("Error: promo.json:1:"), "\(run.english)")
    #expect(run.english.contains("not valid JSON"))
    // The same place, then the sentence in Chinese.
    let place = try #require(run.english.split(separator: " ").dropFirst().first)
    #expect(run.chinese.hasPrefix("错误：" + place.dropLast()), "\(run.chinese)")
    #expect(run.chinese.contains("不是有效的 JSON"), "\(run.chinese)")
  }

  @Test func aFieldOfAPromotionFile() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.write("promo.json", #"{"id": "P1", "minimumSpend": 100}"#)
    let run = try Self.both(session, ["promotion", "add", "promo.json"])
    #expect(run.status == 65)
    #expect(run.english.contains("field 'minimumSpend': must be an amount written as a string"))
    #expect(run.chinese.contains("字段 'minimumSpend'：必须是写成字符串的金额"), "\(run.chinese)")
  }

  @Test func aUsageErrorInsidePay() throws {
    let session = try StoreSession()
    try session.importSample()
    let request = WalletProcess.packageRoot.appendingPathComponent(
      "data/requests/unionpay-emv-cny.json"
    ).path
    let run = try Self.both(
      session, ["pay", request, "--holder", "H003", "--card", "C-ZW-BOCOM"])
    #expect(run.status == 64)
    #expect(run.english == "Error: give --holder or --card, not both")
    #expect(run.chinese == "错误：请给出 --holder 或 --card，二者只能选一")
  }

  @Test func anUnknownHolder() throws {
    let session = try StoreSession()
    try session.importSample()
    let run = try Self.both(session, ["statement", "--holder", "ghost"])
    #expect(run.status == 65)
    #expect(run.english.hasPrefix("Error: no holder 'ghost' in the store"), "\(run.english)")
    #expect(run.chinese.hasPrefix("错误：数据库中没有持卡人 'ghost'"), "\(run.chinese)")
  }

  @Test func aTransactionThatCannotBeVoided() throws {
    let session = try StoreSession()
    try session.importSample()
    let run = try Self.both(session, ["txn", "void", "T1001"])
    #expect(run.status == 65)
    #expect(run.english.hasPrefix("Error: transaction 'T1001' is settled"), "\(run.english)")
    #expect(run.chinese.hasPrefix("错误：交易 'T1001' 已入账，不能再撤销"), "\(run.chinese)")
  }
}
