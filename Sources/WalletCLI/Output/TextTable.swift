import WalletCore

/// Columns aligned for a terminal. Widths are counted in terminal columns, not characters: a
/// CJK character (商户 in a merchant name, 交通银行 in a promotion's name) takes two, a combining
/// mark none, so Chinese text lines up with ASCII.
struct TextTable {
  /// Which side of its column a value keeps to.
  enum Alignment: Sendable {
    case left, right
  }

  /// The header, one name per column.
  let header: [String]
  /// How each column is aligned; numbers and amounts go right.
  let alignments: [Alignment]
  /// The rows, each as wide as the header.
  var rows: [[String]] = []

  /// A table with these columns, all left-aligned unless `alignments` says otherwise.
  init(header: [String], alignments: [Alignment]? = nil) {
    precondition(alignments.map { $0.count == header.count } ?? true, "one alignment per column")
    self.header = header
    self.alignments = alignments ?? header.map { _ in .left }
  }

  /// Adds a row; control characters are shown escaped so that a stored value cannot move the
  /// cursor or recolour the terminal.
  mutating func append(_ row: [String]) {
    precondition(row.count == header.count, "a row has one value per column")
    rows.append(row.map(TextTable.printable))
  }

  /// The table's lines, columns two spaces apart, no trailing spaces, each line ending in `\n`.
  var text: String { text(fittingWithin: nil) }

  /// The table's lines; with `limit` (a terminal's columns, less the indent the caller puts
  /// before each line), the widest columns of text are shortened in the middle (`…`) until the
  /// lines fit in it, or none can give more (``TableFit``). Without one, every value is whole.
  func text(fittingWithin limit: Int?) -> String {
    var all = [header] + rows
    // Each cell measured once: measuring is the costly part of a table of thousands of rows.
    var cellWidths = all.map { row in row.map(DisplayWidth.of) }
    var widths = header.map { _ in 0 }
    for row in cellWidths {
      for (column, width) in row.enumerated() {
        widths[column] = max(widths[column], width)
      }
    }
    if let limit {
      let fitted = TableFit.widths(
        natural: widths, floors: TableFit.floors(all, widths: cellWidths, alignments: alignments),
        limit: limit)
      for (index, row) in all.enumerated() where index > 0 {
        for column in row.indices where cellWidths[index][column] > fitted[column] {
          all[index][column] = TableFit.elided(row[column], toWidth: fitted[column])
          cellWidths[index][column] = DisplayWidth.of(all[index][column])
        }
      }
      widths = fitted
    }
    var output = ""
    for (row, rowWidths) in zip(all, cellWidths) {
      var line = ""
      for (column, value) in row.enumerated() {
        let padding = String(repeating: " ", count: max(0, widths[column] - rowWidths[column]))
        if column > 0 { line += "  " }
        line += alignments[column] == .right ? padding + value : value + padding
      }
      while line.last == " " { line.removeLast() }
      output += line + "\n"
    }
    return output
  }

  /// The value as a cell shows it: escaped whole (`ShownValue.escapedWhole`), so that a
  /// control character neither reaches the terminal nor throws the columns out of line.
  static func printable(_ value: String) -> String { ShownValue.escapedWhole(value) }
}

/// How a table is fitted to a terminal's width: its widest columns of text give up columns one
/// at a time, each shortened value keeping its start and its end around a `…`, until the lines
/// fit. Only text is shortened: a column aligned right (numbers, amounts) never is, nor any
/// value without a letter (a date, an amount in a column of text) or a time, nor a heading,
/// and no column goes below ``minimumWidth`` (so short codes such as `not-yet-due` stay
/// whole); a table that cannot fit then is as narrow as it can be. CSV and JSON are never
/// fitted, nor a table that is not shown on a terminal.
enum TableFit {
  /// The fewest columns a shortened value keeps, so that its start and end still say which it
  /// is (`bocom…268.00`).
  static let minimumWidth = 12

  /// Whether a value may be shortened: it holds a letter, other than the `T` and `Z` of an
  /// ISO 8601 time (`2026-10-28T00:00:00+08:00`), and is not a code. Values made of digits and
  /// signs alone (dates, times, amounts, counts) are read whole or not at all, and so are codes
  /// (`amount-differs`, `cycle-already-rewarded`: lower-case letters and `-`), which a reader
  /// or a script looks up as they are.
  static func isShortenable(_ value: String) -> Bool {
    let scalars = Array(value.unicodeScalars)
    if scalars.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }) { return false }
    func isDigit(_ index: Int) -> Bool {
      scalars.indices.contains(index) && ("0"..."9").contains(scalars[index])
    }
    return scalars.indices.contains { index in
      let scalar = scalars[index]
      guard scalar.properties.isAlphabetic else { return false }
      let partOfTime =
        (scalar == "T" && isDigit(index - 1) && isDigit(index + 1))
        || (scalar == "Z" && isDigit(index - 1) && index == scalars.count - 1)
      return !partOfTime
    }
  }

  /// The narrowest each column may become: its whole width when it is aligned right, else the
  /// widest of its heading (the first row), its values that cannot be shortened and
  /// ``minimumWidth``, never more than it is wide.
  static func floors(
    _ rows: [[String]], widths: [[Int]], alignments: [TextTable.Alignment]
  ) -> [Int] {
    alignments.indices.map { column in
      let widest = widths.map { $0[column] }.max() ?? 0
      guard alignments[column] == .left else { return widest }
      var floor = min(widest, minimumWidth)
      for (index, row) in rows.enumerated() where index == 0 || !isShortenable(row[column]) {
        floor = max(floor, widths[index][column])
      }
      return floor
    }
  }

  /// The widths that make a line of these columns, two spaces apart, at most `limit` wide:
  /// the widest column above its floor gives up one column at a time, so that the longest texts
  /// are shortened first and alike.
  static func widths(natural: [Int], floors: [Int], limit: Int) -> [Int] {
    var widths = natural
    var excess = widths.reduce(2 * max(0, widths.count - 1), +) - limit
    while excess > 0 {
      guard
        let widest = widths.indices.filter({ widths[$0] > floors[$0] })
          .max(by: { (widths[$0], $1) < (widths[$1], $0) })
      else { break }
      widths[widest] -= 1
      excess -= 1
    }
    return widths
  }

  /// `text` in at most `width` columns: its start and its end, with `…` for what lies between
  /// (`bocom-credit…001:268.00`), the end given the odd column, since an id's end (a sequence,
  /// an amount) tells it from its neighbours more often than its start; text that fits is
  /// returned as it is.
  static func elided(_ text: String, toWidth width: Int) -> String {
    guard DisplayWidth.of(text) > width else { return text }
    guard width > 1 else { return width == 1 ? "…" : "" }
    let characters = Array(text)
    let headWidth = (width - 1) / 2
    let tailWidth = width - 1 - headWidth
    var (head, used) = (0, 0)
    while head < characters.count, used + DisplayWidth.of(characters[head]) <= headWidth {
      used += DisplayWidth.of(characters[head])
      head += 1
    }
    var (tail, tailUsed) = (characters.count, 0)
    while tail > head, tailUsed + DisplayWidth.of(characters[tail - 1]) <= tailWidth {
      tailUsed += DisplayWidth.of(characters[tail - 1])
      tail -= 1
    }
    return String(characters[..<head]) + "…" + String(characters[tail...])
  }
}

/// How many terminal columns text takes, after Unicode's East Asian Width property (UAX #11):
/// wide and fullwidth characters take two, combining marks and format characters none.
enum DisplayWidth {
  /// The columns `text` takes: the sum over its characters (grapheme clusters).
  static func of(_ text: String) -> Int {
    // Printable ASCII, most of any table, is one column a byte.
    if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
    return text.reduce(0) { $0 + of($1) }
  }

  /// The columns one character takes: two when any of its scalars is wide (an emoji with a
  /// modifier is still one wide glyph), none when all of them are zero-width, else one.
  static func of(_ character: Character) -> Int {
    var width = 0
    for scalar in character.unicodeScalars {
      if isWide(scalar) { return 2 }
      if !isZeroWidth(scalar) { width = 1 }
    }
    return width
  }

  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return scalar.value == 0x200B
    }
  }

  /// The East Asian Wide (W) and Fullwidth (F) ranges, and emoji shown as pictures by default.
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    // Nothing below the first wide range is wide, emoji included (the first is U+231A).
    if value < 0x1100 { return false }
    for range in wideRanges where range.contains(value) { return true }
    return scalar.properties.isEmojiPresentation
  }

  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
    0x3041...0x33FF,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
    0x3400...0x4DBF,  // CJK extension A
    0x4E00...0x9FFF,  // CJK unified ideographs
    0xA000...0xA4CF,  // Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs (￥, ￠)
    0x1B000...0x1B2FF,  // Kana supplement and extensions
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B to F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G and H
  ]
}
