import Foundation
import WalletTestSupport

/// The sentences the command line's source passes to `tr(…)`, found by reading the source the
/// way the compiler builds each key: `\(…)` becomes `{0}`, `{1}`…, escapes are undone, and a
/// multi-line literal loses its indentation and its `\` line continuations.
enum SentenceKeys {
  /// Every key, with the file it was found in.
  static func inSources() throws -> [String: String] {
    let folder = WalletProcess.packageRoot.appendingPathComponent("Sources/WalletCLI")
    guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
    var keys: [String: String] = [:]
    for case let file as String in files where file.hasSuffix(".swift") {
      let source = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for key in Self.keys(in: source) { keys[key] = file }
    }
    return keys
  }

  /// The texts a listing shows through `tr(dynamic:)`: the `empty:` messages, and the column
  /// names of `Listing(columns: [ … ])` written out in the sources.
  static func listingTexts() throws -> Set<String> {
    let folder = WalletProcess.packageRoot.appendingPathComponent("Sources/WalletCLI")
    guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [] }
    var texts: Set<String> = []
    for case let file as String in files where file.hasSuffix(".swift") {
      let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for part in source.components(separatedBy: "empty: \"").dropFirst() {
        if let end = part.firstIndex(of: "\"") { texts.insert(String(part[..<end])) }
      }
      for part in source.components(separatedBy: "Listing(columns: [").dropFirst() {
        guard let end = part.firstIndex(of: "]") else { continue }
        let quoted = part[..<end].components(separatedBy: "\"")
        // Every other piece is inside quotes.
        for (index, piece) in quoted.enumerated() where index % 2 == 1 { texts.insert(piece) }
      }
    }
    return texts
  }

  /// The keys of the `tr("…")` calls in one file's text, leaving out comments.
  static func keys(in source: String) -> [String] {
    let text = Array(source)
    var keys: [String] = []
    var index = 0
    while index + 3 < text.count {
      defer { index += 1 }
      guard text[index] == "t", text[index + 1] == "r", text[index + 2] == "(" else { continue }
      if index > 0, text[index - 1].isLetter || text[index - 1].isNumber || text[index - 1] == "_" {
        continue
      }
      let lineStart = text[..<index].lastIndex(of: "\n").map { $0 + 1 } ?? 0
      if String(text[lineStart..<index]).contains("//") { continue }
      var cursor = index + 3
      while cursor < text.count, text[cursor].isWhitespace { cursor += 1 }
      guard cursor < text.count, text[cursor] == "\"" else { continue }
      if let raw = literal(text, at: cursor) { keys.append(key(fromRaw: raw)) }
    }
    return keys
  }

  /// The raw text between a literal's quotes, interpolations left as written.
  private static func literal(_ text: [Character], at start: Int) -> String? {
    literalAndEnd(text, at: start)?.raw
  }

  /// The raw text between a literal's quotes, and the index just after its closing quotes.
  static func literalAndEnd(_ text: [Character], at start: Int) -> (raw: String, end: Int)? {
    let isMultiLine = start + 2 < text.count && text[start + 1] == "\"" && text[start + 2] == "\""
    var cursor = isMultiLine ? start + 3 : start + 1
    if isMultiLine {
      guard let newline = text[cursor...].firstIndex(of: "\n") else { return nil }
      cursor = newline + 1
    }
    let bodyStart = cursor
    var depth = 0
    while cursor < text.count {
      let character = text[cursor]
      if depth == 0 && character == "\\" {
        if cursor + 1 < text.count && text[cursor + 1] == "(" { depth = 1 }
        cursor += 2
        continue
      }
      if depth > 0 {
        if character == "(" { depth += 1 }
        if character == ")" { depth -= 1 }
        if character == "\"" {
          // A string inside an interpolation: skip to its end.
          cursor += 1
          while cursor < text.count && text[cursor] != "\"" { cursor += 1 }
        }
        cursor += 1
        continue
      }
      if isMultiLine {
        if character == "\"" && cursor + 2 < text.count && text[cursor + 1] == "\""
          && text[cursor + 2] == "\""
        {
          let body = String(text[bodyStart..<cursor])
          var lines = body.components(separatedBy: "\n")
          let indent = lines.last?.count ?? 0
          lines.removeLast()
          let raw = lines.map { String($0.dropFirst(min(indent, $0.count))) }
            .joined(separator: "\n").replacingOccurrences(of: "\\\n", with: "")
          return (raw, cursor + 3)
        }
      } else if character == "\"" {
        return (String(text[bodyStart..<cursor]), cursor + 1)
      }
      cursor += 1
    }
    return nil
  }

  /// A literal's raw text as the key `Sentence` builds from it.
  static func key(fromRaw raw: String) -> String {
    let text = Array(raw)
    var key = ""
    var number = 0
    var index = 0
    while index < text.count {
      if text[index] == "\\" && index + 1 < text.count {
        if text[index + 1] == "(" {
          var depth = 1
          index += 2
          while index < text.count && depth > 0 {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" { depth -= 1 }
            index += 1
          }
          key += "{\(number)}"
          number += 1
          continue
        }
        let escaped: [Character: String] = ["n": "\n", "t": "\t", "\"": "\"", "\\": "\\", "'": "'"]
        key += escaped[text[index + 1]] ?? String(text[index + 1])
        index += 2
        continue
      }
      key.append(text[index])
      index += 1
    }
    return key
  }
}
