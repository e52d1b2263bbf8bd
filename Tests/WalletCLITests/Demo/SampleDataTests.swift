import Foundation
import Testing
import WalletTestSupport

@testable import WalletCLI

/// The sample data compiled into `wallet demo` is data/sample, byte for byte.
struct SampleDataTests {
  @Test(arguments: [
    ("cards.csv", SampleData.cards), ("enrollments.csv", SampleData.enrollments),
    ("transactions.csv", SampleData.transactions), ("postings.csv", SampleData.postings),
  ])
  func embeddedTextEqualsTheFile(name: String, embedded: String) throws {
    let file = try Data(contentsOf: URL(fileURLWithPath: WalletProcess.sample(name)))
    #expect(!file.isEmpty)
    #expect(Array(embedded.utf8) == Array(file), "Sources/WalletCLI/Demo/SampleData.swift: \(name)")
  }

  /// The payment request the demo plays is the shipped file, byte for byte.
  @Test func theDemosPaymentRequestIsTheShippedFile() throws {
    let file = try Data(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent(
        DemoCommand.paymentRequestPath))
    #expect(Array(SampleData.paymentRequest.utf8) == Array(file))
  }

  /// The clawback promotion the demo installs is the shipped file, byte for byte.
  @Test func theDemosClawbackPromotionIsTheShippedFile() throws {
    let url = URL(fileURLWithPath: WalletProcess.sample("cards.csv"))
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("promotions/bocom-applepay-monthly-clawback.json")
    let file = try Data(contentsOf: url)
    #expect(Array(SampleData.clawbackPromotion.jsonText.utf8) == Array(file))
  }
}
