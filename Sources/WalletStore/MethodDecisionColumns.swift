import WalletCore

/// How an import decided a purchase's payment method, in the `origins` table's four columns:
/// `method_source` (`format-rule`, `rules-file` or `command-line`), `method_rule` (1-based),
/// `method_words` (the format's reason or the rule's name) and `method_file` (the format's id
/// or the rules file's shown name).
enum MethodDecisionColumns {
  /// The columns in the order `bind` gives them and `decision` reads them.
  static let names = "method_source, method_rule, method_words, method_file"

  /// The decision as the four columns' values; four NULLs for none.
  static func values(of decision: MethodDecision?) -> [(any DatabaseValueConvertible)?] {
    switch decision {
    case nil: [nil, nil, nil, nil]
    case .formatRule(let format, let number, let reason):
      ["format-rule", number, reason, format]
    case .rulesFileRule(let number, let name, let file): ["rules-file", number, name, file]
    case .commandLine: ["command-line", nil, nil, nil]
    }
  }

  /// The decision the columns from `first` on hold; a source wallet never writes is a damaged
  /// row.
  static func decision(in row: StoredRow, from first: Int) throws -> MethodDecision? {
    guard let source = try row.optionalText(first, "method_source") else { return nil }
    switch source {
    case "format-rule":
      return .formatRule(
        format: try row.text(first + 3, "method_file"),
        number: try row.int(first + 1, "method_rule"),
        reason: try row.text(first + 2, "method_words"))
    case "rules-file":
      return .rulesFileRule(
        number: try row.int(first + 1, "method_rule"),
        name: try row.optionalText(first + 2, "method_words"),
        file: try row.text(first + 3, "method_file"))
    case "command-line":
      return .commandLine
    default:
      throw StoreError.damagedRow(
        table: row.table, row: row.id, column: "method_source", value: source,
        expected: .methodSource)
    }
  }

  /// The step that replaces `method_decided_by`, English words, with the four columns: each
  /// stored sentence is read back once, here, in the three shapes wallet wrote.
  static func migrate(_ db: Database) throws {
    try db.executeScript(
      """
      ALTER TABLE origins ADD COLUMN method_source TEXT;
      ALTER TABLE origins ADD COLUMN method_rule INTEGER;
      ALTER TABLE origins ADD COLUMN method_words TEXT;
      ALTER TABLE origins ADD COLUMN method_file TEXT;
      """)
    let stored = try db.fetchAll(
      "SELECT record, method_decided_by FROM origins WHERE method_decided_by IS NOT NULL"
    ) { row in
      let stored = StoredRow(row, table: "origins")
      return (record: try stored.text(0, "record"), words: try stored.text(1, "method_decided_by"))
    }
    for (record, words) in stored {
      guard let decision = decision(inEnglish: words) else {
        throw StoreError.damagedRow(
          table: "origins", row: Identifier(record), column: "method_decided_by", value: words,
          expected: .methodSource)
      }
      try db.execute(
        "UPDATE origins SET (\(names)) = (?, ?, ?, ?) WHERE record = ?",
        values(of: decision) + [record])
    }
    try db.execute("ALTER TABLE origins DROP COLUMN method_decided_by")
  }

  /// A decision as earlier versions wrote it: `--method on the command line`,
  /// `REASON (rule N of format F)`, `rule N (NAME) of the rules file F` or
  /// `rule N of the rules file F`; nil for any other text.
  static func decision(inEnglish words: String) -> MethodDecision? {
    if words == "--method on the command line" { return .commandLine }
    if words.hasPrefix("rule "), let file = words.range(of: " of the rules file ") {
      let head = words[words.index(words.startIndex, offsetBy: 5)..<file.lowerBound]
      let digits = head.prefix { $0.isASCII && $0.isNumber }
      guard let number = Int(digits) else { return nil }
      let rest = head.dropFirst(digits.count)
      let name: String?
      if rest.isEmpty {
        name = nil
      } else if rest.hasPrefix(" ("), rest.hasSuffix(")") {
        name = String(rest.dropFirst(2).dropLast())
      } else {
        return nil
      }
      return .rulesFileRule(number: number, name: name, file: String(words[file.upperBound...]))
    }
    guard words.hasSuffix(")"), let open = words.range(of: " (rule ", options: .backwards),
      let of = words.range(of: " of format ", range: open.upperBound..<words.endIndex),
      let number = Int(words[open.upperBound..<of.lowerBound])
    else { return nil }
    return .formatRule(
      format: String(words[of.upperBound..<words.index(before: words.endIndex)]), number: number,
      reason: String(words[..<open.lowerBound]))
  }
}
