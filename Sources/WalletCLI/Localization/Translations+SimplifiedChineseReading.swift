// The Simplified Chinese of what helps a person read wallet's output: the built-in statement
// formats (`wallet format list|show`), tables fitted to a terminal (`--wide`), and the smaller
// sentences that say what a what-if, a reconciliation, a void or a removal did. Keys are the
// English sentences with `{0}`, `{1}`… for their values, as in the other parts.

extension Translations {
  /// The part of the table for reading wallet's output.
  static let simplifiedChineseReading: [String: String] = [
    // --wide
    "Print tables whole on a terminal, rather than shorten long values to fit it.":
      "在终端上完整打印表格，而不是缩短过长的值以适应终端宽度。"
  ]
}
