import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// Every class of bad CSV input that `wallet batch` refuses, through `wallet import` into a store
/// that already holds data: exit status 65, file:line:column, and the store left exactly as it
/// was.
struct ImportInvalidInputTests {
  /// Where the store's words differ from batch's. In a batch, a card or enrollment that is
  /// missing is missing from the other file; an import checks the store instead, at the same
  /// place in the same file.
  static let storeWording: [String: (location: String, fragment: String)] = [
    "unknown card": ("transactions.csv:2:2", "no card 'C9' in the store"),
    "unknown enrollment": ("transactions.csv:2:9", "no enrollment 'E9' in the store"),
    "enrollment of unknown card": ("enrollments.csv:2:2", "no card 'C7' in the store"),
  ]

  /// Everything the store holds that an import could change, read back through the CLI.
  struct Snapshot: Equatable {
    var cards: String
    var enrollments: String
    var transactions: String
    var decisions: String

    init(_ session: StoreSession) throws {
      cards = try session.succeed(["card", "list", "--format", "csv"]).stdout
      enrollments = try session.succeed(["enrollment", "list", "--format", "csv"]).stdout
      transactions = try session.succeed(["export", "transactions"]).stdout
      decisions = try session.succeed(["export", "decisions"]).stdout
    }
  }

  /// A store with the sample's cards, enrollments and transactions, plus card C1 and enrollment
  /// E1 of batch's good files, which the bad rows refer to.
  static func seededStore() throws -> StoreSession { try seededStoreTemplate.session() }

  /// What `seededStore()` copies, made once per run (see `StoreTemplate`).
  private static let seededStoreTemplate = StoreTemplate { session in
    try session.succeed(["init"])
    func rows(_ text: String) -> Substring { text.drop { $0 != "\n" }.dropFirst() }
    let cards = try String(contentsOfFile: WalletProcess.sample("cards.csv"), encoding: .utf8)
    let enrollments = try String(
      contentsOfFile: WalletProcess.sample("enrollments.csv"), encoding: .utf8)
    try session.write("seed-cards.csv", cards + rows(BatchFiles.goodCards))
    try session.write(
      "seed-enrollments.csv", enrollments + rows(BatchFiles.goodEnrollments))
    try session.succeed(["import", "cards", "seed-cards.csv"])
    try session.succeed(["import", "enrollments", "seed-enrollments.csv"])
    try session.succeed(["import", "transactions", WalletProcess.sample("transactions.csv")])
  }

  @Test(
    "bad input exits 65, names file:line:column and leaves the store as it was",
    arguments: BadInput.all)
  func badImport(_ bad: BadInput) throws {
    let session = try Self.seededStore()
    let before = try Snapshot(session)
    // The snapshot must hold the seed, or "unchanged" would prove nothing.
    #expect(before.cards.lines.count == 1 + 8)
    #expect(before.enrollments.lines.count == 1 + 10)
    #expect(before.transactions.lines.count == 1 + 25)
    #expect(before.decisions.lines.count == 1 + 25)
    let storeBytes = try session.storeBytes()

    let name = "\(bad.file.rawValue).csv"
    try session.folder.write(name, bytes: bad.bytes)
    let result = try session.run(["import", bad.file.rawValue, name])
    let expected = Self.storeWording[bad.name] ?? (bad.location, bad.fragment)
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("Error: \(expected.location): "), "\(result.stderr)")
    #expect(result.stderr.contains(expected.fragment), "\(result.stderr)")
    #expect(result.stderr.utf8.count < 1_000, "the offending value is shown cut short")
    #expect(try session.storeBytes() == storeBytes)
    #expect(try Snapshot(session) == before)
  }

  @Test func theStoreWordingNamesOnlyClassesThatExist() {
    let names = Set(BadInput.all.map(\.name))
    #expect(Set(Self.storeWording.keys).isSubset(of: names))
  }
}
