import Testing

@testable import WalletCLI

/// Everything a person reads is escaped by `TerminalText`: no control character reaches a
/// terminal raw, and text with nothing to escape comes back as it was.
struct TerminalTextTests {
  @Test(arguments: [
    ("plain", "plain"),
    ("交通银行 ¥10.00 — ok\n", "交通银行 ¥10.00 — ok\n"),
    ("a\u{1B}]0;title\u{07}b", "a\\u{1B}]0;title\\u{7}b"),
    ("tab\there", "tab\\u{9}here"),
    ("cr\rlf\n", "cr\\u{D}lf\n"),
    ("del\u{7F}", "del\\u{7F}"),
    ("csi\u{9B}31m", "csi\\u{9B}31m"),
    ("next\u{85}line", "next\\u{85}line"),
    ("rtl\u{202E}gnp.exe", "rtl\\u{202E}gnp.exe"),
    ("iso\u{2066}late", "iso\\u{2066}late"),
    ("sep\u{2028}", "sep\\u{2028}"),
    (
      "keeps é ü \u{A0} \u{2009} \u{201C}quotes\u{201D}",
      "keeps é ü \u{A0} \u{2009} \u{201C}quotes\u{201D}"
    ),
  ])
  func escapes(text: String, shown: String) {
    #expect(TerminalText.escaped(text, keepingStyle: false) == shown)
  }

  @Test func keepsOnlyStylesOwnEscapesAndOnlyWhenAsked() {
    let painted = Style(isEnabled: true).positive("earns") + " \u{1B}[2J"
    #expect(
      TerminalText.escaped(painted, keepingStyle: true) == "\u{1B}[32mearns\u{1B}[0m \\u{1B}[2J")
    #expect(!TerminalText.escaped(painted, keepingStyle: false).contains("\u{1B}"))
  }

  @Test func aValuesOwnColourEscapeIsHarmlessEvenWhenColourIsOn() {
    let painted = Style(isEnabled: true).negative("C\u{1B}[31m cannot pay")
    let shown = TerminalText.escaped(painted, keepingStyle: true)
    #expect(shown == "\u{1B}[31mC\\u{1B}[31m cannot pay\u{1B}[0m")
  }

  /// A stream cut in chunks (CSV on a terminal) may cut a two- or three-byte control in two;
  /// it is escaped all the same.
  @Test(arguments: [1, 2, 3, 4, 5, 7])
  func aControlCutBetweenChunksIsStillEscaped(cut: Int) {
    let bytes = Array("ab\u{9B}c\u{202E}d\u{1B}e¥".utf8)
    var shown: [UInt8] = []
    var carry: [UInt8] = []
    var start = 0
    while start < bytes.count {
      let end = min(start + cut, bytes.count)
      bytes[start..<end].withUnsafeBufferPointer {
        TerminalText.append($0, keepingStyle: false, carry: &carry, to: &shown)
      }
      start = end
    }
    shown += carry
    #expect(String(decoding: shown, as: UTF8.self) == "ab\\u{9B}c\\u{202E}d\\u{1B}e¥")
  }
}
