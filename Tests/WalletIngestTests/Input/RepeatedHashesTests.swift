import Testing
import WalletTestSupport

@testable import WalletIngest

/// The repeated-id check finds equal hashes with `RepeatedHashes`; it must find exactly the
/// values a plain count finds, however the values fall into its groups.
struct RepeatedHashesTests {
  /// The values occurring more than once, counted plainly.
  private func reference(_ values: [UInt64]) -> Set<UInt64> {
    var seen: [UInt64: Int] = [:]
    for value in values { seen[value, default: 0] += 1 }
    return Set(seen.filter { $0.value > 1 }.keys)
  }

  private func found(_ values: [UInt64]) -> Set<UInt64> {
    values.withUnsafeBufferPointer { RepeatedHashes.find(in: $0) }
  }

  @Test(
    "random values with planted repeats",
    arguments: [0, 1, 2, 3, 17, 1_000, 50_000] as [Int])
  func plantedRepeats(count: Int) throws {
    // Each count draws its own values from the one seed that replays them all.
    let seed = try SeededGenerator.testSeed("RepeatedHashesTests")
    let replay = "count \(count), WALLET_TEST_SEED=\(seed)"
    var random = SeededGenerator(seed: seed ^ UInt64(count))
    var values = (0..<count).map { _ in UInt64.random(in: 1...UInt64.max, using: &random) }
    #expect(found(values) == reference(values), "\(replay)")
    guard count >= 2 else { return }
    // A repeat within each half, one across the halves, and a value three times.
    values[1] = values[0]
    values[count - 1] = values[count / 2]
    if count >= 4 {
      values[count - 2] = values[2]
      values[count / 2 + 1] = values[2]
    }
    let expected = reference(values)
    #expect(!expected.isEmpty, "\(replay)")
    #expect(found(values) == expected, "\(replay)")
  }

  @Test("values alike in their top or low bits, and zero")
  func structuredValues() {
    // All in one group (same top 12 bits), differing only in low bits.
    let oneGroup = (0..<5_000).map { UInt64(0xABC) << 52 | UInt64($0) } + [UInt64(0xABC) << 52 | 7]
    #expect(found(oneGroup) == [UInt64(0xABC) << 52 | 7])
    // Differing only in their top bits, low bits all zero.
    let topOnly = (0..<4_096).map { UInt64($0) << 52 } + [UInt64(5) << 52]
    #expect(found(topOnly) == [UInt64(5) << 52])
    #expect(found([0, 1, 0]) == [0])
    #expect(found([0, 1, 2]).isEmpty)
    #expect(found(Array(repeating: 42, count: 1_000)) == [42])
  }

  /// Lists of many sizes, empty ones among them, searched without being joined: the same
  /// values as when joined, whichever list holds each of a repeat's occurrences.
  @Test(
    "values in several lists",
    arguments: [
      [0], [1, 0, 1], [1, 1], [0, 0, 5_000], [3, 5_000], [5_000, 3],
      [1_000, 0, 2_000, 7, 4_000, 0, 300],
    ] as [[Int]])
  func valuesInSeveralLists(sizes: [Int]) throws {
    let seed = try SeededGenerator.testSeed("RepeatedHashesTests.lists")
    let replay = "sizes \(sizes), WALLET_TEST_SEED=\(seed)"
    var random = SeededGenerator(seed: seed ^ UInt64(sizes.reduce(0, +)))
    var lists = sizes.map { size in
      (0..<size).map { _ in UInt64.random(in: 1...UInt64.max, using: &random) }
    }
    #expect(RepeatedHashes.find(inEach: lists) == reference(lists.flatMap { $0 }), "\(replay)")
    // A repeat between the first and last lists that have values (within one list when only
    // one has), and one within the first list that has two.
    let filled = lists.indices.filter { !lists[$0].isEmpty }
    let planted = filled.count >= 2 || (filled.first.map { lists[$0].count >= 2 } ?? false)
    if planted, let first = filled.first, let last = filled.last {
      lists[last][lists[last].count - 1] = lists[first][0]
    }
    if let pair = lists.indices.first(where: { lists[$0].count >= 3 }) {
      lists[pair][2] = lists[pair][1]
    }
    let expected = reference(lists.flatMap { $0 })
    #expect(!planted || !expected.isEmpty, "\(replay)")
    #expect(RepeatedHashes.find(inEach: lists) == expected, "\(replay)")
  }
}
