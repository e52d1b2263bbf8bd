import Testing
import WalletCore

/// A value cut short for a message must not become a card number by the cut: a long order
/// number is no card number, but its first thirteen digits could be.
struct ShownValueTests {
  @Test(arguments: [
    "20000000000000000000000000)" + String(repeating: "0", count: 40),
    String(repeating: "4", count: 10) + "x" + String(repeating: "0", count: 60),
    "订单" + String(repeating: "０", count: 50),
  ])
  func cuttingNeverMakesACardNumber(value: String) {
    #expect(!CardNumberGuard.containsCardNumber(value))
    let shown = ShownValue.quoted(value)
    #expect(!CardNumberGuard.containsCardNumber(shown), "\(shown)")
    #expect(shown.hasSuffix("…'"))
  }

  @Test func aCutBetweenWordsKeepsWhatWasShown() {
    let shown = ShownValue.escaped(String(repeating: "ab", count: 30), limit: 5)
    #expect(shown == "ababa…")
    #expect(ShownValue.escaped("12345678", limit: 4) == "…")
    #expect(ShownValue.escaped("1234 5678", limit: 6) == "1234 …")
  }

  @Test func aPathCutAtTheFrontNeverMakesACardNumber() {
    let path = "/tmp/" + String(repeating: "0", count: 300) + ".csv"
    #expect(!CardNumberGuard.containsCardNumber(path))
    let shown = ShownValue.path(path)
    #expect(!CardNumberGuard.containsCardNumber(shown), "\(shown)")
    #expect(shown == "….csv")
  }
}
