import Foundation
import Testing
import WalletTestSupport

/// The mdoc source of one of the manual pages in `man/`, or a part of it, read in the few shapes
/// the documentation tests compare with the code: sections, list items, literal words and
/// literal blocks.
struct ManualPage {
  /// The source lines.
  let lines: [String]

  init(lines: [String]) {
    self.lines = lines
  }

  /// The page `man/<name>`; empty when it cannot be read, which the tests report.
  init(_ name: String) {
    let url = WalletProcess.packageRoot.appendingPathComponent("man/\(name)")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    self.init(lines: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
  }

  var text: String { lines.joined(separator: "\n") }

  /// The lines of `.Sh title`, up to the next section.
  func section(_ title: String) -> ManualPage { part(".Sh \(title)", endsAt: [".Sh "]) }

  /// The lines of `.Ss title`, up to the next subsection or section.
  func subsection(_ title: String) -> ManualPage {
    part(".Ss \(title)", endsAt: [".Ss ", ".Sh "])
  }

  private func part(_ heading: String, endsAt ends: [String]) -> ManualPage {
    guard let start = lines.firstIndex(of: heading) else { return ManualPage(lines: []) }
    let rest = lines[(start + 1)...]
    let end = rest.firstIndex { line in ends.contains { line.hasPrefix($0) } } ?? lines.endIndex
    return ManualPage(lines: Array(lines[(start + 1)..<end]))
  }

  /// One `.It` of a list: what follows `.It`, and the lines up to the next item of the same list.
  struct Item {
    let head: String
    let body: ManualPage

    /// The word an `.It Li word` item names, or nil for another kind of item.
    var literal: String? {
      let words = head.split(separator: " ").map(String.init)
      return words.count >= 2 && words[0] == "Li" ? words[1] : nil
    }

    /// Whether the item is marked `Pq required`.
    var isRequired: Bool { head.hasSuffix(" Pq required") }
  }

  /// The items of the outermost lists, in order; those of nested lists are in their items'
  /// bodies.
  var items: [Item] {
    var result: [Item] = []
    var depth = 0
    var head: String?
    var body: [String] = []
    func finish() {
      if let head { result.append(Item(head: head, body: ManualPage(lines: body))) }
      head = nil
      body = []
    }
    for line in lines {
      if line.hasPrefix(".Bl") {
        depth += 1
        if depth > 1 { body.append(line) }
      } else if line.hasPrefix(".El") {
        if depth > 1 { body.append(line) } else { finish() }
        depth -= 1
      } else if depth == 1 && (line == ".It" || line.hasPrefix(".It ")) {
        finish()
        head = String(line.dropFirst(4))
      } else if depth >= 1 {
        body.append(line)
      }
    }
    finish()
    return result
  }

  /// The item whose head is `.It Li name…`.
  func item(_ name: String) -> Item? { items.first { $0.literal == name } }

  /// The words set as literals (`.Li a , b`, `.Pq Li c`) on the macro lines, in order, without
  /// the punctuation between them.
  var literals: [String] {
    var words: [String] = []
    for line in lines where line.hasPrefix(".") {
      var inLiteral = false
      for word in line.dropFirst().split(separator: " ").map(String.init) {
        if Self.isMacro(word) {
          inLiteral = word == "Li"
        } else if inLiteral && !Self.delimiters.contains(word) {
          words.append(Self.unescaped(word))
        }
      }
    }
    return words
  }

  /// The blocks of `.Bd -literal`, unescaped, each line ending in a line feed.
  var literalBlocks: [String] {
    var blocks: [String] = []
    var current: [String]?
    for line in lines {
      if line.hasPrefix(".Bd -literal") {
        current = []
      } else if line == ".Ed", let block = current {
        blocks.append(block.map { Self.unescaped($0) + "\n" }.joined())
        current = nil
      } else {
        current?.append(line)
      }
    }
    return blocks
  }

  /// mdoc macro names: a capital and one or two lower-case letters (`Li`, `Pq`, `No`).
  static func isMacro(_ word: String) -> Bool {
    let scalars = Array(word.unicodeScalars)
    return (2...3).contains(scalars.count) && ("A"..."Z").contains(scalars[0])
      && scalars.dropFirst().allSatisfy { ("a"..."z").contains($0) }
  }

  /// Punctuation that mdoc sets apart from the words it follows.
  static let delimiters: Set<String> = [",", ".", ";", ":", "(", ")", "[", "]", "?", "!", "|"]

  /// The text mdoc prints for the escapes these pages use.
  static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\&", with: "").replacingOccurrences(of: "\\e", with: "\\")
      .replacingOccurrences(of: "\\(dq", with: "\"").replacingOccurrences(of: "\\~", with: " ")
      .replacingOccurrences(of: "\\[Ye]", with: "¥")
  }
}
