import Foundation
import Testing
import WalletTestSupport

@testable import WalletCore

/// The promotions shipped in `data/promotions/`: every file reads, is written back as shipped,
/// names its source, and decides the purchases written for its terms as worked out by hand.
struct RealPromotionsTests {
  /// The section 2 files, which have their own tests (PromotionTests, ClawbackTests).
  static let sectionTwoFiles = [
    "bocom-applepay-monthly-clawback.json", "bocom-applepay-monthly.json",
  ]

  /// Every `.json` file of the folder, by name.
  static let shippedFiles: [String] = {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: RealPromotionCase.folder.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted()
  }()

  static func read(_ file: String) throws -> (bytes: [UInt8], promotion: Promotion) {
    let bytes = Array(try Data(contentsOf: RealPromotionCase.folder.appendingPathComponent(file)))
    return (bytes, try Promotion.decodeEveryRule(json: bytes).0)
  }

  /// Each file of the folder is a section 2 promotion or has a table: none ships untested.
  @Test func everyFileIsTheBuiltInsOrHasATable() {
    let tabled = RealPromotionCase.all.map(\.promotionFile)
    #expect(Set(tabled).count == tabled.count, "one table per file")
    #expect(Self.shippedFiles == (Self.sectionTwoFiles + tabled).sorted())
  }

  /// Every file reads with every rule of SPEC 8, under its own name, and what `promotion show`
  /// would write of it reads back as the same promotion and is written the same again. (The
  /// files keep `source` on several lines, for reading; the encoder writes it on one.)
  @Test(arguments: shippedFiles)
  func readsAndRoundTrips(file: String) throws {
    let (_, promotion) = try Self.read(file)
    #expect(promotion.id.rawValue + ".json" == file)
    let (again, _) = try Promotion.decodeEveryRule(json: Array(promotion.jsonText.utf8))
    #expect(again == promotion)
    #expect(again.jsonText == promotion.jsonText)
  }

  /// Apart from `source`, each file is laid out as the encoder writes it, so that a file and
  /// `promotion show` read alike.
  @Test(arguments: shippedFiles)
  func isLaidOutAsTheEncoderWritesIt(file: String) throws {
    var (bytes, promotion) = try Self.read(file)
    let shipped = String(decoding: bytes, as: UTF8.self)
    promotion.source = nil
    let withoutSource = shipped.range(of: ",\n  \"source\": {").map {
      String(shipped[..<$0.lowerBound]) + "\n}\n"
    }
    #expect((withoutSource ?? shipped) == promotion.jsonText)
  }

  /// A real promotion names where its terms come from and what was guessed, and its id says
  /// whose it is and when: lower-case words joined by hyphens, ending in the year.
  @Test(arguments: RealPromotionCase.all)
  func namesItsSource(table: RealPromotionCase) throws {
    let promotion = try table.promotion()
    let source = try #require(promotion.source)
    #expect(source.url?.hasPrefix("http") == true)
    #expect(source.retrieved != nil)
    #expect((source.notes ?? "").contains("Guesses:"))
    let words = promotion.id.rawValue.split(separator: "-", omittingEmptySubsequences: false)
    #expect(words.count >= 3)
    #expect(
      words.allSatisfy { word in
        !word.isEmpty && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
      })
    let year = try #require(Int(words.last ?? ""))
    #expect((2014...2026).contains(year))
  }

  /// The table is written in the promotion's own zone and currency, and says something of
  /// every reason it expects: at least one purchase is paid and one refused.
  @Test(arguments: RealPromotionCase.all)
  func theTableIsWrittenInThePromotionsTerms(table: RealPromotionCase) throws {
    let promotion = try table.promotion()
    #expect(promotion.timeZone.identifier == table.zone)
    #expect(promotion.currency == table.currency)
    #expect(promotion.timeZone.identifier != "Asia/Shanghai" || promotion.currency != .cny)
    #expect(table.expected.count == table.transactions.count)
    #expect(table.expected.values.contains { if case .paid = $0 { true } else { false } })
    #expect(table.expected.values.contains { if case .refused = $0 { true } else { false } })
  }

  /// The readable decision gives every purchase the outcome worked out by hand.
  @Test(arguments: RealPromotionCase.all)
  func decidesAsWorkedOutByHand(table: RealPromotionCase) throws {
    let decisions = decideReadably(
      try table.promotion(), cards: table.cards, enrollments: table.enrollments,
      transactions: table.transactions)
    #expect(table.mismatches(decisions) == [])
  }

  /// The engine gives every purchase the outcome worked out by hand, recording progress (one
  /// ordered pass) and not (each holder apart when there is no quota).
  @Test(arguments: RealPromotionCase.all)
  func theEngineDecidesAsWorkedOutByHand(table: RealPromotionCase) throws {
    let engine = RewardEngine(promotion: try table.promotion())
    let decisions = engine.decide(
      cards: table.cards, enrollments: table.enrollments, transactions: table.transactions)
    #expect(table.mismatches(decisions) == [])
    let ledger = Ledger(
      cards: table.cards, enrollments: table.enrollments, transactions: table.transactions)
    let decided = engine.decide(ledger)
    #expect(
      table.mismatches(table.transactions.indices.map { decided.decision(at: $0, in: ledger) })
        == [])
  }

  /// The check of a table can fail: a decision that differs, one missing and one extra are
  /// each reported.
  @Test func aTableReportsWhatDiffers() throws {
    let table = RealPromotionCase.dbsCashRebate
    var decisions = decideReadably(
      try table.promotion(), cards: table.cards, enrollments: table.enrollments,
      transactions: table.transactions)
    let paid = try #require(decisions.firstIndex { $0.transaction == Identifier("E") })
    decisions[paid].outcome = .notRewarded(.belowThreshold)
    let missing = decisions.removeFirst().transaction
    var extra = decisions[0]
    extra.transaction = Identifier("Z")
    decisions.append(extra)
    let refused = Expected.refused(.belowThreshold)
    #expect(
      table.mismatches(decisions) == [
        "\(missing): not decided",
        "E: expected \(Expected.paid("30.00", ordinal: 1)), decided \(refused)",
        "Z: decided \(Expected(extra.outcome)), not in the table",
      ])
  }
}
