import Testing

@testable import WalletCLI

/// The repeated-id check sorts id hashes with `RadixSort`; it must sort exactly as the standard
/// library does, whatever bytes the values share.
struct RadixSortTests {
  static func sorted(_ values: [UInt64]) -> [UInt64] {
    var values = values
    var scratch = [UInt64](repeating: 0, count: values.count)
    values.withUnsafeMutableBufferPointer { values in
      scratch.withUnsafeMutableBufferPointer { RadixSort.sort(values, scratch: $0) }
    }
    return values
  }

  @Test(arguments: [0, 1, 2, 3, 255, 256, 257, 10_000])
  func sortsLikeTheStandardLibrary(count: Int) {
    var state: UInt64 = 0x1234_5678 &+ UInt64(count)
    func next() -> UInt64 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state ^ (state >> 29)
    }
    let random = (0..<count).map { _ in next() }
    // Values that share most bytes, so that whole passes are skipped, and repeats.
    let similar = (0..<count).map { 0xABCD_0000_0000_0000 | (next() & 0xFF_0000) | UInt64($0 % 7) }
    let extremes = (0..<count).map { [UInt64.max, 0, 1 << 63, UInt64.max - 1][$0 % 4] }
    for values in [random, similar, extremes, random.sorted(), Array(random.sorted().reversed())] {
      #expect(Self.sorted(values) == values.sorted())
    }
  }
}
