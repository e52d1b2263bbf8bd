import Foundation
import Testing
import WalletTestSupport

@testable import WalletCLI

/// What `wallet demo` plays is compiled in from data/ by the EmbedData plugin, so it cannot
/// drift from the files; what is left to check is what the demo makes of it.
struct SampleDataTests {
  /// The demo installs the clawback promotion by writing it out and adding the file, so what it
  /// writes must be the shipped file, byte for byte.
  @Test func theDemosClawbackPromotionIsWrittenAsTheShippedFile() throws {
    let url = URL(fileURLWithPath: WalletProcess.sample("cards.csv"))
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("promotions/bocom-applepay-monthly-clawback.json")
    let file = try Data(contentsOf: url)
    #expect(Array(SampleData.clawbackPromotion.jsonText.utf8) == Array(file))
  }
}
