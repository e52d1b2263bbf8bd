import Testing

@testable import WalletCore

/// Sums over rows are exact past 64 bits of minor units (issue 27, item 7).
@Suite struct MoneyTotalTests {
  @Test func aTotalOfTheLargestAmountsPastSixtyFourBitsIsExact() {
    let count = 9_224
    let total = repeatElement(Money.maximum, count: count).total()
    #expect(total.minorUnits == Int128(Money.maximum.minorUnits) * Int128(count))
    #expect(total.minorUnits > Int128(Int64.max))
    #expect(total == MoneyTotal(.maximum, times: count))
    #expect(total.description == "92240000000000000.00")
  }

  @Test(arguments: [(0, "0.00"), (5, "0.05"), (1_234, "12.34"), (-1_234, "-12.34")])
  func aTotalIsWrittenAsAnAmountIs(minorUnits: Int64, text: String) {
    let amount = Money(minorUnits: minorUnits)
    #expect(MoneyTotal(amount).description == text)
    #expect(MoneyTotal(amount).description == amount.description)
    #expect((MoneyTotal.zero + amount + amount).minorUnits == 2 * Int128(minorUnits))
  }
}
