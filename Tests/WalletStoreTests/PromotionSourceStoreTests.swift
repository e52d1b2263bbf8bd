import Foundation
import Testing
import WalletCore
import WalletTestSupport

@testable import WalletStore

/// A promotion's `source` (SPEC 8), which decides nothing, is kept in the definition the store
/// holds and read back with it.
struct PromotionSourceStoreTests {
  let folder = ScratchSpace.path("wallet-promotion-source")

  @Test func theSourceRoundTripsThroughTheStore() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("w.sqlite").path
    var promotion = Promotion.bocomApplePayMonthly
    promotion.id = Identifier("with-source")
    promotion.source = TermsSource(
      url: "https://www.bankcomm.com/applepay", retrieved: CivilDate(year: 2016, month: 12, day: 1),
      notes: "活动日期来源未给出")
    let store = try WalletStore.open(path: path, create: true)
    #expect(try store.installPromotion(promotion) == .inserted)

    let again = try WalletStore.open(path: path, create: false)
    let installed = try #require(try again.installed(promotion.id))
    #expect(installed.promotion == promotion)
    #expect(installed.promotion.source == promotion.source)
    // The same rules with the same source change nothing; another source is another definition.
    #expect(try again.installPromotion(promotion) == .unchanged)
    var otherNotes = promotion
    otherNotes.source?.notes = "another note"
    #expect(throws: StoreError.self) { try again.installPromotion(otherNotes) }
    #expect(try again.installPromotion(otherNotes, replace: true) == .replaced)
    #expect(try again.installed(promotion.id)?.promotion.source?.notes == "another note")
  }
}
