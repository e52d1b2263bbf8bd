// The Simplified Chinese of what imports say about themselves: an import that is not kept
// (什么也没有写入) says what it would have done, and a file read as GB18030 says so. Keys are
// the English sentences with `{0}`, `{1}`… for their values, as in the other parts.

extension Translations {
  /// The part of the table for imports that are not kept and files that are not UTF-8.
  static let simplifiedChineseImport: [String: String] = [
    "{0} would be applied":
      "本会冲抵 {0}",
    "  refund {0}, kept from an earlier import, would refund {1}":
      "  上次导入暂存的退款 {0} 本会冲抵 {1}",
    "{0} is not UTF-8: read as GB18030 (GBK).":
      "{0} 不是 UTF-8：已按 GB18030（GBK）读取。",
  ]
}
