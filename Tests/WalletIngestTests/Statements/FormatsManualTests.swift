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

  /// The page's list of built-in formats: each `.It Li id` and the CSV line of its header's
  /// column names, the literal block after it read as one line.
  static func builtInList(_ page: String) -> [(id: String, header: String)] {
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(where: { $0.hasPrefix(".Bl -tag -width \"icbc-credit\"") })
    else { return [] }
    var list: [(id: String, header: String)] = []
    var index = start + 1
    while index < lines.count, lines[index] != ".El" {
      if lines[index].hasPrefix(".It Li ") {
        list.append((String(lines[index].dropFirst(".It Li ".count)), ""))
      } else if lines[index].hasPrefix(".Bd -literal"), !list.isEmpty {
        index += 1
        while index < lines.count, lines[index] != ".Ed" {
          list[list.count - 1].header += lines[index]
          index += 1
        }
      }
      index += 1
    }
    return list
  }

  /// `man 5 wallet-formats` gives every built-in format's header, as the binary holds it, in
  /// the order detection tries them: a user of the installed binary needs no clone to see it.
  @Test func thePageGivesEachBuiltInFormatsHeader() throws {
    let listed = Self.builtInList(try Self.page())
    #expect(listed.map(\.id) == StatementFormat.builtIn.map(\.id))
    for format in StatementFormat.builtIn {
      let header = listed.first { $0.id == format.id }?.header
      #expect(header == format.header.joined(separator: ","), "\(format.id)")
    }
  }

  @Test func everyRulesFieldIsDocumented() throws {
    let page = try Self.page()
    for field in ["rules", "name", "when", "then", "min", "max", "from", "to", "mcc", "skip"] {
      #expect(Self.marks(page, "Ic", field), "\(field)")
    }
  }
}
