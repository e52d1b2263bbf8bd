import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// The README's "Questions a cardholder asks" shows real output: each of its `wallet check` and
/// `wallet explain` examples is run on the sample store and must print exactly what is shown.
@Suite(.tags(.endToEnd))
struct CardholderQuestionsReadmeTests {
  /// The heading of the README's section on the sample store; other sections' examples run on
  /// stores of their own (an imported bank statement), not on the sample.
  static let section = "## A cardholder: what have I earned, and what next?"

  /// The code blocks of `section` whose first command is `wallet check` or `wallet explain`:
  /// the command's words and the output shown under it.
  static func examples() throws -> [(arguments: [String], output: String)] {
    let readme = try String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    var blocks: [[String]] = []
    var current: [String]?
    var inSection = false
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil && line.hasPrefix("## ") { inSection = line == section }
      guard inSection else { continue }
      if line.hasPrefix("```") {
        if let finished = current { blocks.append(finished) }
        current = current == nil ? [] : nil
      } else {
        current?.append(String(line))
      }
    }
    var examples: [(arguments: [String], output: String)] = []
    for block in blocks {
      let lines = block.filter { !$0.hasPrefix("$ export ") }
      guard let command = lines.first,
        command.hasPrefix("$ wallet check ") || command.hasPrefix("$ wallet explain ")
      else { continue }
      let words = command.dropFirst("$ wallet ".count).split(separator: " ").map(String.init)
      examples.append((words, lines.dropFirst().map { $0 + "\n" }.joined()))
    }
    return examples
  }

  @Test func theExamplesPrintWhatTheReadmeShows() throws {
    let examples = try Self.examples()
    #expect(examples.count == 3)
    let session = try StoreSession()
    try session.importSample()
    for example in examples {
      let result = try session.run(example.arguments)
      #expect(result.status == 0, "\(example.arguments): \(result.stderr)")
      #expect(result.stdout == example.output, "\(example.arguments)")
    }
  }
}
