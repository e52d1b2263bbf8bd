import Testing

@testable import WalletCLI

/// Terminal widths and aligned tables.
struct TextTableTests {
  @Test(arguments: [
    ("", 0), ("abc", 3), ("¥10.00", 6), ("盒马鲜生", 8), ("全家 FamilyMart, 静安店", 23),
    ("ｗａｌｌｅｔ", 12), ("한국", 4), ("e\u{301}", 1), ("👍🏽", 2), ("a\u{200B}b", 2),
  ])
  func displayWidth(text: String, width: Int) {
    #expect(DisplayWidth.of(text) == width)
  }

  @Test func columnsLineUpInTerminalColumns() {
    var table = TextTable(header: ["merchant", "amount"], alignments: [.left, .right])
    table.append(["星巴克", "¥150.00"])
    table.append(["Apple Store 南京东路", "¥5.00"])
    #expect(
      table.text == """
        merchant               amount
        星巴克                ¥150.00
        Apple Store 南京东路    ¥5.00

        """)
  }

  @Test func controlCharactersAreEscapedAndTrailingSpacesDropped() {
    var table = TextTable(header: ["a", "b"])
    table.append(["x\u{1B}[31m", ""])
    // The escaped value is 11 columns wide; the empty cell leaves no trailing spaces.
    #expect(table.text == "a" + String(repeating: " ", count: 12) + "b\nx\\u{1B}[31m\n")
  }
}
