import Foundation
import WalletTestSupport

/// The examples the README and the manual show, read from their sources, so that tests can run
/// each shown command and compare its output with what is shown.
enum DocumentedExamples {
  /// The text of a file of the package, such as `README.md` or `man/wallet.1`.
  static func text(_ path: String) throws -> String {
    try String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The fenced code blocks of the README's section headed `heading` (up to the next `## `),
  /// each with its opening fence line (such as "```json") and its lines.
  static func readmeBlocks(under heading: String) throws -> [(fence: String, lines: [String])] {
    let lines = try text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    guard let start = lines.firstIndex(of: heading) else { return [] }
    let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
    var blocks: [(fence: String, lines: [String])] = []
    var current: (fence: String, lines: [String])?
    for line in lines[start..<end] where line.hasPrefix("```") || current != nil {
      if line.hasPrefix("```") {
        if let finished = current { blocks.append(finished) }
        current = current == nil ? (line, []) : nil
      } else {
        current?.lines.append(line)
      }
    }
    return blocks
  }

  /// The `.Bd -literal` blocks of the EXAMPLES section of `man/<page>`, each as the lines mdoc
  /// prints (the `\e` and `\&` escapes these blocks use undone).
  static func manualExamples(page: String) throws -> [[String]] {
    let lines = try text("man/\(page)").split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    guard let start = lines.firstIndex(of: ".Sh EXAMPLES") else { return [] }
    let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(".Sh ") } ?? lines.endIndex
    var blocks: [[String]] = []
    var current: [String]?
    for line in lines[start..<end] {
      if line.hasPrefix(".Bd -literal") {
        current = []
      } else if line == ".Ed", let block = current {
        blocks.append(block)
        current = nil
      } else {
        current?.append(
          line.replacingOccurrences(of: "\\&", with: "").replacingOccurrences(
            of: "\\e", with: "\\"))
      }
    }
    return blocks
  }
}
