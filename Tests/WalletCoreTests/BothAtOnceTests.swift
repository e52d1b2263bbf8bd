import Testing

@testable import WalletCore

struct BothAtOnceTests {
  @Test("both parts run and their results come back in order")
  func bothRun() {
    for _ in 0..<200 {
      let (sum, text) = bothAtOnce(
        { (1...1_000).reduce(0, +) }, { String(repeating: "a", count: 3) })
      #expect(sum == 500_500)
      #expect(text == "aaa")
    }
  }
}
