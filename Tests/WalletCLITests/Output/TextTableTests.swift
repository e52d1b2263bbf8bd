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

/// A table fitted to a terminal's width: the widest texts shortened in the middle, numbers,
/// amounts, dates, times, codes and headings never.
struct TableFitTests {
  static let id = "bocom-credit:MY-BOCOM:2026-10-28:001:268.00"

  @Test(arguments: [
    (id, true), ("某咖啡店", true), ("T1", true), ("C-LL-VISA", true), ("not-yet-due", false),
    ("amount-differs", false), ("cycle-already-rewarded", false),
    ("2026-10-28", false), ("2026-10-28T00:00:00+08:00", false), ("2026-12-01T04:00:00Z", false),
    ("¥1,268.00", false), ("12", false), ("", false), ("[##--------]", false),
  ])
  func onlyTextIsShortened(value: String, shortenable: Bool) {
    #expect(TableFit.isShortenable(value) == shortenable)
  }

  /// The start and the end are kept, around one `…`, in at most the width asked for; a wide
  /// character that would cross the width is left out rather than cut.
  @Test(arguments: [(id, 24), (id, 12), ("全家便利店静安寺店", 9), ("全家便利店静安寺店", 12), ("ab", 1)])
  func elidingKeepsBothEnds(text: String, width: Int) throws {
    let shown = TableFit.elided(text, toWidth: width)
    #expect(DisplayWidth.of(shown) <= width)
    #expect(DisplayWidth.of(shown) >= width - 1)
    let parts = shown.split(separator: "…", omittingEmptySubsequences: false)
    try #require(parts.count == 2)
    #expect(text.hasPrefix(parts[0]))
    #expect(text.hasSuffix(parts[1]))
    // The end gets the odd column: an id's end tells it from its neighbours.
    #expect(DisplayWidth.of(String(parts[1])) >= DisplayWidth.of(String(parts[0])))
  }

  @Test func textThatFitsIsUnchanged() {
    #expect(TableFit.elided("T1", toWidth: 12) == "T1")
    #expect(TableFit.elided("某咖啡店", toWidth: 8) == "某咖啡店")
  }

  static func table() -> TextTable {
    var table = TextTable(
      header: ["transaction", "date", "time", "merchant", "amount"],
      alignments: [.left, .left, .left, .left, .right])
    table.append([id, "2026-10-28", "2026-10-28T00:00:00+08:00", "全家便利店静安寺店", "¥268.00"])
    table.append(["T2", "2026-11-03", "2026-11-03T09:30:00+08:00", "某咖啡店", "¥1,150.00"])
    return table
  }

  /// Widths down to the narrowest the table can be: 12 columns of id, 10 of date, 25 of
  /// time, 12 of merchant, 9 of amount, and the spaces between.
  @Test(arguments: [90, 80, 76])
  func aTableIsFittedToTheWidthItIsGiven(width: Int) throws {
    let table = Self.table()
    let fitted = table.text(fittingWithin: width).split(separator: "\n").map(String.init)
    #expect(fitted.allSatisfy { DisplayWidth.of($0) <= width }, "\(fitted)")
    #expect(fitted[0].split(separator: " ") == table.header.map { Substring($0) })
    for value in ["2026-10-28", "2026-10-28T00:00:00+08:00", "¥268.00", "¥1,150.00", "T2"] {
      #expect(fitted.contains { $0.contains(value) }, "\(value) is kept whole")
    }
    #expect(!fitted.contains { $0.contains(Self.id) })
    #expect(fitted[1].hasPrefix("bocom"))
    #expect(fitted[1].contains("…"))
  }

  @Test func aTableThatFitsIsAsItWasAndNoWidthMeansWhole() {
    let table = Self.table()
    #expect(table.text(fittingWithin: 1000) == table.text)
    #expect(table.text(fittingWithin: nil) == table.text)
    #expect(table.text.contains(Self.id))
  }

  /// Too narrow for the dates and amounts alone, a table is as narrow as shortening can make
  /// it: no text under the minimum width, nothing else shortened.
  @Test func aTableThatCannotFitIsAsNarrowAsItCanBe() {
    let fitted = Self.table().text(fittingWithin: 20).split(separator: "\n").map(String.init)
    let idCell = String(fitted[1].prefix { $0 != " " })
    #expect(DisplayWidth.of(idCell) == TableFit.minimumWidth)
    #expect(fitted[1].contains("2026-10-28T00:00:00+08:00"))
  }
}
