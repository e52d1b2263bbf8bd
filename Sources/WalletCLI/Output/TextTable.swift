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
  var text: String {
    let all = [header] + rows
    // Each cell measured once: measuring is the costly part of a table of thousands of rows.
    let cellWidths = all.map { row in row.map(DisplayWidth.of) }
    var widths = header.map { _ in 0 }
    for row in cellWidths {
      for (column, width) in row.enumerated() {
        widths[column] = max(widths[column], width)
      }
    }
    var output = ""
    for (row, rowWidths) in zip(all, cellWidths) {
      var line = ""
      for (column, value) in row.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - rowWidths[column])
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
