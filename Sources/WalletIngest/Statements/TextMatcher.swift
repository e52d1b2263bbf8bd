import WalletCore

/// A test on one piece of text, as format and rules files write it: `{"prefix": "消费"}`,
/// optionally with `"ignoreCase": true`.
package struct TextMatcher: Sendable, Equatable {
  /// What the text is compared with, and how.
  package enum Test: Sendable, Equatable {
    /// The whole text is this.
    case equals(String)
    /// The text begins with this.
    case prefix(String)
    /// The text has this somewhere.
    case contains(String)
    /// The text's first word (up to the first space, tab or ideographic space) is this.
    case firstWord(String)
    /// A pattern, of the syntax `LinearRegex` matches, matches somewhere in the text.
    case regex(String)
  }

  /// The JSON keys of the tests, in the order the man page lists them.
  package static let testKeys = ["equals", "prefix", "contains", "firstWord", "regex"]

  /// The comparison.
  package let test: Test
  /// Whether letters match regardless of case (`APPLE.COM` and `Apple.com`).
  package let ignoresCase: Bool

  /// A matcher of `test`.
  package init(_ test: Test, ignoresCase: Bool = false) {
    self.test = test
    self.ignoresCase = ignoresCase
  }

  /// Reads the one test key of `fields` and its `ignoreCase`; other keys are the caller's.
  static func decode(_ fields: DefinitionFields) throws(InputError) -> TextMatcher {
    var found: [(key: String, text: String, node: JSONNode)] = []
    for key in testKeys {
      guard let node = fields.present(key) else { continue }
      found.append((key, try fields.string(node, key), node))
    }
    guard let (key, text, node) = found.first else {
      throw fields.failure(
        field: String(fields.prefix.dropLast(1)), .noTest(oneOf: testKeys), at: fields.position)
    }
    if found.count > 1 {
      throw fields.failure(found[1].key, .severalTests(oneOf: testKeys), at: found[1].node)
    }
    let ignoresCase = try fields.bool("ignoreCase", default: false)
    let test: Test
    switch key {
    case "equals": test = .equals(text)
    case "prefix": test = .prefix(text)
    case "contains": test = .contains(text)
    case "firstWord": test = .firstWord(text)
    default:
      _ = try fields.regex(text, key, at: node, ignoresCase: ignoresCase)
      test = .regex(text)
    }
    if case .regex = test {
    } else if text.isEmpty {
      throw fields.failure(key, .empty, at: node)
    }
    return TextMatcher(test, ignoresCase: ignoresCase)
  }

  /// The matcher made ready to run over many rows: patterns compiled and case folded once.
  func compiled() -> CompiledTextMatcher { CompiledTextMatcher(self) }
}

/// A `TextMatcher` ready to run: its pattern compiled, its text case-folded once.
struct CompiledTextMatcher {
  private let test: TextMatcher.Test
  private let ignoresCase: Bool
  private let needle: String
  private let regex: LinearRegex?

  init(_ matcher: TextMatcher) {
    test = matcher.test
    ignoresCase = matcher.ignoresCase
    switch matcher.test {
    case .equals(let text), .prefix(let text), .contains(let text), .firstWord(let text):
      needle = ignoresCase ? text.lowercased() : text
      regex = nil
    case .regex(let pattern):
      needle = ""
      // Checked when the file was read, so this cannot fail.
      regex = try! LinearRegex(pattern, ignoresCase: ignoresCase)
    }
  }

  /// Whether `text` passes.
  func matches(_ text: String) -> Bool {
    if let regex { return regex.matches(text) }
    let subject = ignoresCase ? text.lowercased() : text
    switch test {
    case .equals: return subject == needle
    case .prefix: return subject.hasPrefix(needle)
    case .contains: return subject.contains(needle)
    case .firstWord: return StatementWords.firstWord(of: subject) == needle
    case .regex: return false
    }
  }
}

/// How descriptions are cut into words: statements separate a transaction's kind from its
/// merchant with a space (`消费 支付宝-某商户`), sometimes an ideographic one.
enum StatementWords {
  /// Whether `character` separates words.
  static func isSeparator(_ character: Character) -> Bool {
    character == " " || character == "\t" || character == "\u{3000}"
  }

  /// The text up to the first separator.
  static func firstWord(of text: String) -> Substring {
    let trimmed = text.drop(while: isSeparator)
    return trimmed.prefix(while: { !isSeparator($0) })
  }

  /// The text after the first word and the separators that follow it; empty when none.
  static func afterFirstWord(of text: String) -> String {
    let trimmed = text.drop(while: isSeparator)
    return String(trimmed.drop(while: { !isSeparator($0) }).drop(while: isSeparator))
  }
}
