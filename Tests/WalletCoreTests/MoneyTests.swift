import Testing

@testable import WalletCore

struct MoneyTests {
  @Test(
    "accepted amounts",
    arguments: [
      ("100", 10_000), ("100.5", 10_050), ("100.50", 10_050), ("0", 0), ("0.01", 1),
      ("007.10", 710), ("10000000000000.00", 1_000_000_000_000_000),
    ] as [(String, Int64)])
  func parsesPlainDecimals(text: String, minorUnits: Int64) throws {
    #expect(try Money.parse(text) == Money(minorUnits: minorUnits))
  }

  @Test(
    "refused amounts",
    arguments: [
      ("", MoneyError.empty), ("-5", .negative), ("1e3", .exponent), ("1E3", .exponent),
      ("1,000", .groupingSeparator), ("10.001", .tooManyFractionDigits), ("¥100", .malformed),
      ("NaN", .malformed), ("92233720368547758.08", .outOfRange),
      ("10000000000000.01", .outOfRange),
      ("99999999999999999999", .outOfRange), (".5", .malformed), ("5.", .malformed),
      ("+5", .malformed), ("1 000", .groupingSeparator), ("1.2.3", .malformed),
      ("0x10", .malformed),
    ])
  func refusesEverythingElse(text: String, error: MoneyError) {
    #expect(throws: error) { try Money.parse(text) }
  }

  @Test(
    "always two fraction digits",
    arguments: [(1000, "10.00"), (5, "0.05"), (10_050, "100.50"), (0, "0.00"), (-150, "-1.50")]
      as [(Int64, String)])
  func formatsWithTwoDigits(minorUnits: Int64, text: String) {
    #expect(Money(minorUnits: minorUnits).description == text)
  }
}

struct IdentifierTests {
  @Test func canonicallyEquivalentIdsAreDifferent() {
    let composed = Identifier("caf\u{E9}")
    let decomposed = Identifier("cafe\u{301}")
    #expect(composed.rawValue == decomposed.rawValue, "Swift's String equality says equal")
    #expect(composed != decomposed)
    #expect(Set([composed, decomposed]).count == 2)
    #expect(decomposed < composed, "0x65 0xCC sorts before 0xC3 0xA9")
  }

  @Test func sortsByBytesNotByLocale() {
    let ids = ["b", "B", "a", "aa", "Z", "é", "中"].map(Identifier.init)
    #expect(ids.sorted().map(\.rawValue) == ["B", "Z", "a", "aa", "b", "é", "中"])
  }
}
