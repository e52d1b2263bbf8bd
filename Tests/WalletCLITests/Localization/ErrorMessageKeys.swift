import Foundation
import WalletTestSupport

/// The English messages of errors, found in the sources where they are made: the literals given
/// to `ValidationError(…)`, `UsageError(…)`, `CommandError(kind, …)`, `FileFailure(kind, …)`,
/// and to `message:`. (The readers and decoders throw typed cases, which ErrorWording words.)
/// Literals joined with `+` make one key; an expression joined in stands for a value, `{n}`, as
/// an interpolation does.
enum ErrorMessageKeys {
  /// The folders scanned. The SQLite layer's own messages (a statement misused) are the
  /// programmer's, shown inside a translated framing sentence, and are left out.
  static let folders = [
    "Sources/WalletCore", "Sources/WalletIngest", "Sources/WalletStore", "Sources/WalletCLI",
  ]

  /// Every key, with the file it was found in.
  static func inSources() throws -> [String: String] {
    var keys: [String: String] = [:]
    for folder in folders {
      let root = WalletProcess.packageRoot.appendingPathComponent(folder)
      guard let files = FileManager.default.enumerator(atPath: root.path) else { continue }
      for case let file as String in files
      where file.hasSuffix(".swift") && !file.hasPrefix("SQLite/") {
        let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        for key in Self.keys(in: source) { keys[key] = "\(folder)/\(file)" }
      }
    }
    return keys
  }

  /// Where a message starts, and whether a first argument (a kind, a field) comes before it.
  private static let markers: [(text: String, skipsFirstArgument: Bool)] = [
    ("ValidationError(", false), ("UsageError(", false), ("CommandError(", true),
    ("FileFailure(", true), ("message:", false),
  ]

  /// The keys of the messages in one file's text, leaving out comments.
  static func keys(in source: String) -> [String] {
    let text = Array(source)
    var keys: [String] = []
    var index = 0
    while index < text.count {
      defer { index += 1 }
      for marker in markers where matches(marker.text, in: text, at: index) {
        if index > 0, marker.text.first!.isLowercase,
          text[index - 1].isLetter || text[index - 1].isNumber || text[index - 1] == "_"
        {
          continue
        }
        let lineStart = text[..<index].lastIndex(of: "\n").map { $0 + 1 } ?? 0
        if String(text[lineStart..<index]).contains("//") { continue }
        var cursor = skipSpace(text, from: index + marker.text.count)
        if marker.skipsFirstArgument {
          cursor = endOfExpression(text, from: cursor)
          guard cursor < text.count, text[cursor] == "," else { continue }
          cursor = skipSpace(text, from: cursor + 1)
        }
        if let key = message(text, at: cursor) { keys.append(key) }
      }
    }
    return keys
  }

  private static func matches(_ word: String, in text: [Character], at index: Int) -> Bool {
    let characters = Array(word)
    guard index + characters.count <= text.count else { return false }
    return Array(text[index..<index + characters.count]) == characters
  }

  private static func skipSpace(_ text: [Character], from start: Int) -> Int {
    var cursor = start
    while cursor < text.count, text[cursor].isWhitespace { cursor += 1 }
    return cursor
  }

  /// The index of the `,`, `)` or `+` that ends the expression at `start`, outside brackets
  /// and string literals.
  private static func endOfExpression(_ text: [Character], from start: Int) -> Int {
    var cursor = start
    var depth = 0
    while cursor < text.count {
      let character = text[cursor]
      if character == "\"", let (_, end) = SentenceKeys.literalAndEnd(text, at: cursor) {
        cursor = end
        continue
      }
      if "([{".contains(character) { depth += 1 }
      if ")]}".contains(character) {
        if depth == 0 { return cursor }
        depth -= 1
      }
      if depth == 0 && (character == "," || character == "+") { return cursor }
      cursor += 1
    }
    return cursor
  }

  /// The key of the message starting at `start` with a literal, nil when none starts there.
  private static func message(_ text: [Character], at start: Int) -> String? {
    guard start < text.count, text[start] == "\"" else { return nil }
    var raw = ""
    var cursor = start
    while true {
      if cursor < text.count, text[cursor] == "\"",
        let (literal, end) = SentenceKeys.literalAndEnd(text, at: cursor)
      {
        raw += literal
        cursor = end
      } else {
        // An expression joined in: a value.
        raw += #"\(value)"#
        cursor = endOfExpression(text, from: cursor)
      }
      let next = skipSpace(text, from: cursor)
      guard next < text.count, text[next] == "+" else { break }
      cursor = skipSpace(text, from: next + 1)
    }
    return SentenceKeys.key(fromRaw: raw)
  }
}
