import Testing

@testable import WalletCore

/// The engine's in-place sort orders like the standard library's sort, whatever the input's
/// shape, including when it falls back to heapsort.
struct InPlaceSortTests {
  enum Shape: CaseIterable { case random, fewDistinct, ascending, descending, allEqual, organPipe }

  static func values(_ shape: Shape, count: Int, seed: UInt64) -> [Int] {
    var state = seed &+ 0x9E37_79B9_7F4A_7C15
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    switch shape {
    case .random: return (0..<count).map { _ in next() }
    case .fewDistinct: return (0..<count).map { _ in next() % 3 }
    case .ascending: return Array(0..<count)
    case .descending: return Array((0..<count).reversed())
    case .allEqual: return Array(repeating: 7, count: count)
    case .organPipe: return (0..<count).map { min($0, count - $0) }
    }
  }

  @Test(arguments: Shape.allCases, [0, 1, 2, 3, 16, 17, 18, 100, 1_000, 20_000])
  func sortsLikeTheStandardLibrary(shape: Shape, count: Int) {
    for depthLimit in [nil, 0, 1] as [Int?] {
      var values = Self.values(shape, count: count, seed: UInt64(count))
      let expected = values.sorted()
      values.withUnsafeMutableBufferPointer { InPlaceSort.sort($0, depthLimit: depthLimit, by: <) }
      #expect(values == expected, "depth limit \(String(describing: depthLimit))")
    }
  }

  @Test func ordersByTheGivenPredicate() {
    var words = ["pear", "fig", "banana", "kiwi", "apple", "date", "cherry", "plum", "lime"]
    let expected = words.sorted { ($0.count, $0) > ($1.count, $1) }
    words.withUnsafeMutableBufferPointer {
      InPlaceSort.sort($0) { ($0.count, $0) > ($1.count, $1) }
    }
    #expect(words == expected)
  }
}
