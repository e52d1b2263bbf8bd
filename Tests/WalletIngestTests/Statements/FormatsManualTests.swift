import Testing

@testable import WalletIngest

/// `man/wallet-formats.5` documents every field a format or rules file may have.
struct FormatsManualTests {
  /// Whether the page marks `word` up with `macro` (`Ic id`, `It Ic id No …`), as a whole word.
  static func marks(_ page: String, _ macro: String, _ word: String) -> Bool {
    page.split(separator: "\n").contains { line in
      let words = line.split(separator: " ")
      return zip(words, words.dropFirst()).contains {
        ($0 == macro || $0 == "." + macro) && $1 == word
      }
    }
  }

  static func page() throws -> String {
    String(decoding: try StatementFixture.repositoryFile("man/wallet-formats.5"), as: UTF8.self)
  }

  @Test func everyFormatFieldAndMatcherIsDocumented() throws {
    let page = try Self.page()
    let fields =
      StatementFormat.knownFields + TextMatcher.testKeys + [
        "ignoreCase", "date", "postingDate", "time", "description", "merchant", "amount",
        "originalAmount", "currency", "card", "orderID", "refundedOrderID", "originalBefore",
        "column", "form", "sign", "in", "out", "names", "default", "pattern", "if", "direction",
        "kind", "reason", "part", "method",
      ]
    for field in fields { #expect(Self.marks(page, "Ic", field), "\(field)") }
    for form in StatementDateForm.allCases { #expect(page.contains(form.rawValue), "\(form)") }
    for sign in SignConvention.allCases { #expect(page.contains(sign.rawValue), "\(sign)") }
    for kind in RowKindRule.allCases { #expect(Self.marks(page, "Li", kind.rawValue), "\(kind)") }
    for id in StatementFormat.builtIn.map(\.id) { #expect(Self.marks(page, "Li", id), "\(id)") }
  }

  @Test func everyRulesFieldIsDocumented() throws {
    let page = try Self.page()
    for field in ["rules", "name", "when", "then", "min", "max", "from", "to", "mcc", "skip"] {
      #expect(Self.marks(page, "Ic", field), "\(field)")
    }
  }
}
