import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// The `wallet check` and `wallet explain` examples of the README's section for a cardholder
/// and of `wallet(1)`'s EXAMPLES show real output: each is run on the sample store and must
/// print exactly what is shown.
struct CardholderQuestionsReadmeTests {
  /// The heading of the README's section on the sample store.
  static let section = "## A cardholder, in a terminal"

  /// The shown commands whose first word is `check` or `explain`: the command's words and the
  /// output shown under it.
  static func examples() throws -> [(arguments: [String], output: String)] {
    let blocks =
      try DocumentedExamples.readmeBlocks(under: section).map(\.lines)
      + DocumentedExamples.manualExamples(page: "wallet.1")
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

  @Test func theExamplesPrintWhatTheyShow() throws {
    let examples = try Self.examples()
    #expect(examples.count == 2)
    let session = try StoreSession()
    try session.importSample()
    for example in examples {
      let result = try session.run(example.arguments)
      #expect(result.status == 0, "\(example.arguments): \(result.stderr)")
      #expect(result.stdout == example.output, "\(example.arguments)")
    }
  }
}
