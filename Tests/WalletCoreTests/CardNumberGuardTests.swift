import Testing

@testable import WalletCore

/// SPEC 6's rule, case by case. The numbers are the networks' published test cards, whose Luhn
/// results were checked by hand, not by the guard: 4111 1111 1111 1111, 4012 8888 8888 1881 and
/// 4222 2222 2222 2 (Visa, 13 digits) pass; 4111 1111 1111 1112, 6200 0000 0000 0000 and
/// 6200 0000 0000 001 fail.
struct CardNumberGuardTests {
  /// Values that hold a card number, with the last four digits the guard must report.
  static let holding: [(String, String)] = [
    ("4111111111111111", "1111"),
    ("4111 1111 1111 1111", "1111"),
    ("4111-1111-1111-1111", "1111"),
    ("4111  1111 1111 1111", "1111"),
    ("4111.1111.1111.1111", "1111"),
    ("4111/1111/1111/1111", "1111"),
    ("4111_1111_1111_1111", "1111"),
    ("4111\t1111\t1111\t1111", "1111"),
    ("4111\u{A0}1111\u{A0}1111\u{A0}1111", "1111"),
    ("4111\u{2009}1111\u{2009}1111\u{2009}1111", "1111"),
    ("4111\u{202F}1111\u{202F}1111\u{202F}1111", "1111"),
    ("4111\u{2007}1111\u{2007}1111\u{2007}1111", "1111"),
    ("4111\u{3000}1111\u{3000}1111\u{3000}1111", "1111"),
    ("4111 - 1111-1111 1111", "1111"),
    ("4111 -\t. 1111/_1111\u{A0} 1111", "1111"),
    ("tel 4111111111111111 13800138000", "1111"),
    ("H 4111111111111111 1", "1111"),
    ("4111 1111 1111 1111 2026", "1111"),
    ("2026 4012 8888 8888 1881", "1881"),
    ("refund 4012 8888 8888 1881 ok", "1881"),
    ("订单 4012888888881881，谢谢", "1881"),
    ("a,4012888888881881,b", "1881"),
    ("12345678901234567890 4012888888881881", "1881"),
    ("４１１１１１１１１１１１１１１１", "1111"),
    ("４０１２８８８８８８８８１８８１", "1881"),
    ("４０１２ 8888 ８８８８ 1881", "1881"),
    ("40１2888８888８1881", "1881"),
    ("4222222222222", "2222"),
    ("378282246310005", "0005"),
    ("3782 822463 10005", "0005"),
    ("6200000000000000", "0000"),
    ("6222020000000000987", "0987"),
    // Its first 16 digits, starting 62, are already a UnionPay number, but the number that
    // starts there is read whole, as the cardholder knows it.
    ("6222 0200 0000 0000 987", "0987"),
    ("6222 0200 0000 0000 001", "0001"),
    ("refund 6222 0200 0000 0000 001 on 2026-11-22", "0001"),
    // 19 digits in five groups that pass Luhn, though neither their first 16 nor last 15 do.
    ("4000 1234 5678 9010 008", "0008"),
    ("620000000000000", "0000"),
  ]

  /// Values that hold none, each a near miss of a case above.
  static let clear: [String] = [
    "",
    "C0001",
    "holder-张三",
    "1234",
    "6222",
    "411111111111",
    "4111 1111 1111",
    "４１１１１１１１１１１１",
    "4111111111111112",
    "４１１１１１１１１１１１１１１２",
    "41111111111111110000",
    "62220200000000000000001",
    "620000000000001",
    "13800138000",
    "138-0013-8000",
    "1234567.89",
    "2026-11-22 12:00",
    "2026-11-22 10:00:05",
    "4111:1111:1111:1111",
    "4111,1111,1111,1111",
    "4111 1111 00 1111 1111",
    "4111 1111 x 1111 1111",
    "192.168.100.200",
  ]

  @Test("card numbers are recognised and only their last four reported", arguments: holding)
  func recognises(text: String, lastFour: String) {
    #expect(CardNumberGuard.lastFourOfCardNumber(in: text) == lastFour)
    #expect(CardNumberGuard.containsCardNumber(text))
  }

  @Test("other values pass", arguments: clear)
  func passes(text: String) {
    #expect(CardNumberGuard.lastFourOfCardNumber(in: text) == nil)
    #expect(!CardNumberGuard.containsCardNumber(text))
  }

  /// "4111 1111 00 1111 1111" would be a card number if a two-digit group joined: its 18 digits
  /// pass the Luhn check. Likewise the date and time above, whose 14 digits pass.
  @Test func shortGroupsWouldPassIfTheyJoined() {
    #expect(CardNumberGuard.containsCardNumber("411111110011111111"))
    #expect(CardNumberGuard.containsCardNumber("20261122100005"))
  }

  @Test("the first card number is the one reported")
  func reportsTheFirst() {
    #expect(CardNumberGuard.lastFourOfCardNumber(in: "4012888888881881 4111111111111111") == "1881")
    #expect(CardNumberGuard.lastFourOfCardNumber(in: "4111111111111111 4012888888881881") == "1111")
    #expect(
      CardNumberGuard.lastFourOfCardNumber(in: "4012888888881881 x 4111111111111111") == "1881")
    // 6222 0200 0000 0000 starts before 4012 8888 8888 1881, though it ends after it begins.
    #expect(
      CardNumberGuard.lastFourOfCardNumber(in: "6222 0200 0000 0000 4012888888881881") == "0000")
  }

  @Test("messages never show them", arguments: holding)
  func shownValueMasks(text: String, lastFour: String) {
    let shown = ShownValue.quoted(text)
    #expect(shown == "(a card number ending \(lastFour), not shown)")
    #expect(ShownValue.unquoted(text) == shown)
    #expect(ShownValue.quoted(text, masksCardNumbers: false).hasPrefix("'"))
  }

  @Test("messages show the others", arguments: clear)
  func shownValueShows(text: String) {
    #expect(ShownValue.quoted(text).hasPrefix("'"))
  }

  @Test func longValuesAreScannedToTheEnd() {
    let filler = String(repeating: "商户 12-34 ", count: 2_000)
    #expect(!CardNumberGuard.containsCardNumber(filler))
    #expect(CardNumberGuard.lastFourOfCardNumber(in: filler + "4012 8888 8888 1881") == "1881")
  }
}
