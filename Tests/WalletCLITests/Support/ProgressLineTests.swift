import Testing

@testable import WalletCLI

/// The progress line of long reads: rows, rate and the time left, worked out from the bytes read.
struct ProgressLineTests {
  @Test func ratesAndTimeLeftFollowTheBytesRead() {
    // A quarter of a 400 MB file in 2 s: 6 s left at that rate.
    let line = ProgressReporter.line(
      label: "transactions", rows: 1_000_000, bytes: 100_000_000, totalBytes: 400_000_000,
      elapsed: 2)
    #expect(line == "transactions: 1,000,000 rows, 500,000/s, about 6 s left")
  }

  @Test(
    "no time left without a size, before the first byte, or at the end",
    arguments: [(0, 100), (1_000, 0), (1_000, 1_000)])
  func noTimeLeftWhenItCannotBeTold(totalBytes: Int, bytes: Int) {
    let line = ProgressReporter.line(
      label: "cards", rows: 65_536, bytes: bytes, totalBytes: totalBytes, elapsed: 0.5)
    #expect(line == "cards: 65,536 rows, 131,072/s")
  }

  @Test func timeLeftRoundsUp() {
    let line = ProgressReporter.line(
      label: "transactions", rows: 10, bytes: 3, totalBytes: 10, elapsed: 1)
    #expect(line.hasSuffix(", about 3 s left"))
  }
}
