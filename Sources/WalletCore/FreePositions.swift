/// The first position in `range` for which `isAfter` holds, when it holds for a suffix.
func partitionPoint(_ range: Range<Int>, _ isAfter: (Int) -> Bool) -> Int {
  var low = range.lowerBound
  var high = range.upperBound
  while low < high {
    let middle = low + (high - low) / 2
    if isAfter(middle) { high = middle } else { low = middle + 1 }
  }
  return low
}

/// Positions 0..<count, some removed; finds the first one left at or after a position. Links
/// jump over removed runs and are shortened as they are followed, so that a walk never crosses
/// the same removed positions twice: near-constant time per lookup.
struct NextFree {
  private var link: [Int32]

  init(count: Int) { link = (0...count).map { Int32($0) } }

  /// The first position at or after `position` not removed; `count` when none.
  mutating func find(_ position: Int) -> Int? {
    var root = position
    while Int(link[root]) != root { root = Int(link[root]) }
    var current = position
    while Int(link[current]) != root {
      let next = Int(link[current])
      link[current] = Int32(root)
      current = next
    }
    return root
  }

  mutating func remove(_ position: Int) { link[position] = Int32(position + 1) }
}

/// `NextFree` mirrored: finds the last position left at or before a position.
struct PreviousFree {
  private var mirrored: NextFree
  private let count: Int

  init(count: Int) {
    mirrored = NextFree(count: count)
    self.count = count
  }

  /// The last position at or before `position` not removed; nil when none.
  mutating func find(_ position: Int) -> Int? {
    guard let found = mirrored.find(count - 1 - position), found < count else { return nil }
    return count - 1 - found
  }

  mutating func remove(_ position: Int) { mirrored.remove(count - 1 - position) }
}
