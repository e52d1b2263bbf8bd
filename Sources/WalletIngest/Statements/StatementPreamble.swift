import WalletCore

/// The physical lines of a statement up to its header row, and the header row itself.
///
/// Lines before the header are the preamble: titles, account lines, summaries, sometimes a
/// full card number. They are read only for the period and the card's last four digits, and
/// never quoted in a message.
struct StatementPreamble {
  /// The preamble's lines as text, first line first.
  let lines: [String]
  /// The 1-based line of the header row.
  let headerLine: Int
  /// The offset in the text's bytes where the header row begins.
  let headerOffset: Int
  /// The header row's trimmed cells.
  let headerCells: [String]
  /// The formats whose header the row has.
  let matches: [StatementFormat]

  /// Finds the first line whose cells include every header name of at least one candidate.
  /// Nil when no line does.
  static func locate(in utf8: [UInt8], candidates: [StatementFormat]) -> StatementPreamble? {
    var lines: [String] = []
    var start = 0
    var lineNumber = 1
    while start < utf8.count {
      var end = start
      while end < utf8.count && utf8[end] != 0x0A && utf8[end] != 0x0D { end += 1 }
      let content = Array(utf8[start..<end])
      if let cells = cells(of: content) {
        let matches = candidates.filter { format in
          format.header.allSatisfy { cells.contains($0) }
        }
        if !matches.isEmpty {
          return StatementPreamble(
            lines: lines, headerLine: lineNumber, headerOffset: start, headerCells: cells,
            matches: matches)
        }
      }
      lines.append(String(decoding: content, as: UTF8.self))
      // CRLF is one line end, as the CSV reader counts it.
      if end < utf8.count && utf8[end] == 0x0D && end + 1 < utf8.count && utf8[end + 1] == 0x0A {
        end += 1
      }
      start = end + 1
      lineNumber += 1
    }
    return nil
  }

  /// A line's trimmed cells, or nil when it is not one well-formed CSV record (a preamble line
  /// of free text with a stray quote).
  private static func cells(of line: [UInt8]) -> [String]? {
    guard !line.isEmpty else { return nil }
    let reader = CSVReader(bytes: line, chunkSize: line.count)
    guard let record = try? reader.next(), (try? reader.next()) == nil else { return nil }
    return record.map(\.trimmedString)
  }

  /// The end of the statement's period from the first preamble line `pattern` matches: the
  /// given day, else the month's last day, else the year's.
  func periodEnd(pattern: String?) -> CivilDate? {
    guard let pattern, let regex = try? LinearRegex(pattern) else { return nil }
    for line in lines {
      guard let match = regex.firstMatch(in: line) else { continue }
      func group(_ name: String) -> Int? {
        match[name].flatMap { Int($0) }
      }
      guard let year = group("year") else { continue }
      let month = group("month") ?? 12
      guard (1...12).contains(month) else { continue }
      let day = group("day") ?? CivilDate.daysInMonth(year: year, month: month)
      if let end = CivilDate(validating: year, month: month, day: day) { return end }
    }
    return nil
  }

  /// The card's last four digits from the first preamble line `pattern` matches: its first
  /// group, when four digits, or the last four of a full card number there, which is never
  /// kept whole.
  func cardLast4(pattern: String?) -> String? {
    guard let pattern, let regex = try? LinearRegex(pattern) else { return nil }
    for line in lines {
      guard let match = regex.firstMatch(in: line), let text = match[1] else { continue }
      let digits = String(text).trimmingCharacters(in: " \t")
      if StatementCells.isLast4(digits) { return digits }
      if let last4 = CardNumberGuard.lastFourOfCardNumber(in: digits) { return last4 }
      // A masked number (`6222 **** **** 0001`) ends with the four digits it shows.
      let shown = String(digits.suffix(4))
      if digits.contains(where: { $0 == "*" || $0 == "＊" }), StatementCells.isLast4(shown) {
        return shown
      }
    }
    return nil
  }
}

extension String {
  /// Without surrounding characters of `set`.
  func trimmingCharacters(in set: String) -> String {
    String(
      drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
  }
}
