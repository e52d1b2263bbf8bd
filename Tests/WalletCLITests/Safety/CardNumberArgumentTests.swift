import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// SPEC 6: a card number given where a command takes the id of a transaction, a posting or a
/// promotion is never echoed back, in either language, although stored transaction and posting
/// ids are exempt (banks' references): an id the store does not hold is what someone typed.
struct CardNumberArgumentTests {
  /// The commands that look an id up and say when there is none.
  static let commands: [[String]] = [
    ["explain"], ["txn", "remove"], ["txn", "refund", "--amount", "1", "ID"], ["txn", "settle"],
    ["txn", "void"], ["posting", "remove"], ["promotion", "show"], ["promotion", "remove"],
  ]

  static let shapes = [
    "4111111111111111", "4111-1111-1111-1111", "４１１１１１１１１１１１１１１１",
    StoreSession.cardNumber,
  ]

  static func arguments(_ command: [String], _ id: String) -> [String] {
    command.contains("ID")
      ? command.map { $0 == "ID" ? id : $0 } : command + [id]
  }

  @Test(arguments: commands, ["en", "zh-Hans"])
  func aCardNumberGivenAsAnIDIsMasked(command: [String], language: String) throws {
    let session = try StoreSession()
    try session.importSample()
    for shape in Self.shapes {
      let result = try session.run(["--lang", language] + Self.arguments(command, shape))
      #expect(result.status == 65, "\(command) \(shape): \(result.stderr)")
      for text in [result.stdout, result.stderr] {
        #expect(!text.contains(shape), "\(command): echoed \(shape)")
        #expect(!text.contains("41111111"), "\(command)")
        #expect(!text.contains("１１１１１"), "\(command)")
        #expect(!text.contains("62220200"), "\(command)")
      }
      let lastFour = shape == StoreSession.cardNumber ? "0001" : "1111"
      let mask =
        language == "en" ? "a card number ending \(lastFour), not shown" : "尾号 \(lastFour) 的卡号"
      #expect(result.stderr.contains(mask), "\(command): \(result.stderr)")
      #expect(language == "en" || !result.stderr.contains("not shown"), "\(result.stderr)")
    }
  }

  /// Neighbours: an id that is no card number (a 20-digit bank reference among them) is still
  /// quoted whole, so that the user sees what was not found.
  @Test(arguments: commands)
  func anIDThatIsNoCardNumberIsQuotedWhole(command: [String]) throws {
    let session = try StoreSession()
    try session.importSample()
    for id in ["41111111111111111111", "T-404", "4111 1111 1111"] {
      let result = try session.run(Self.arguments(command, id))
      #expect(result.status == 65, "\(command) \(id): \(result.stderr)")
      #expect(result.stderr.contains("'\(id)'"), "\(command): \(result.stderr)")
    }
  }
}
