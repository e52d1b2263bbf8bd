import Dispatch
import WalletCore

/// Finds the ids that repeat an earlier one: how every reader of the SPEC's files refuses a
/// repeated card, enrollment or transaction id.
///
/// Ids are hashed (`IDHash`), the hashes that occur more than once are found by
/// `RepeatedHashes`, and only the ids with such a hash (almost always none) are compared byte
/// by byte, in order, so that each repeat is paired with the first row that has its id. 16
/// bytes per id, where a hash table of the ids would need several times that and a cache miss
/// per id.
package enum RepeatedIDs {
  /// A row whose id an earlier row has.
  package struct Repeat: Equatable, CustomStringConvertible {
    /// The position of the row that repeats the id.
    package let position: Int
    /// The position of the first row with that id.
    package let first: Int

    /// A repeat of the id of row `first` at row `position`.
    package init(position: Int, first: Int) {
      self.position = position
      self.first = first
    }

    /// `position` (repeats `first`).
    package var description: String { "\(position) (repeats \(first))" }
  }

  /// Every id of `ids` that an earlier one has, in order. Each thread hashes half of the ids.
  package static func find(in ids: IdentifierArena) -> [Repeat] {
    let hashes = hashes(of: ids)
    return hashes.withUnsafeBufferPointer { hashes in
      find(hashes: hashes) { position, earlier in
        ids.withBytes(at: position) { ids.equals(earlier, UnsafeRawBufferPointer($0)) }
      }
    }
  }

  /// The hash of each id of `ids` (`IDHash`), in order, each thread hashing half of them.
  static func hashes(of ids: IdentifierArena) -> [UInt64] {
    let count = ids.count
    let middle = count / 2
    var hashes = [UInt64](repeating: 0, count: count)
    ids.bytes.withUnsafeBufferPointer { bytes in
      ids.ends.withUnsafeBufferPointer { ends in
        hashes.withUnsafeMutableBufferPointer { buffer in
          // Raw pointers, so that the two threads do not count references to one arena.
          let shared = UnsafeSendableBuffer(buffer)
          let bytes = UnsafeSendableBuffer(UnsafeMutableBufferPointer(mutating: bytes))
          let ends = UnsafeSendableBuffer(UnsafeMutableBufferPointer(mutating: ends))
          DispatchQueue.concurrentPerform(iterations: 2) { half in
            for position in half == 0 ? 0..<middle : middle..<count {
              let start = position == 0 ? 0 : ends.buffer[position - 1]
              let id = UnsafeMutableBufferPointer(
                rebasing: bytes.buffer[start..<ends.buffer[position]])
              shared.buffer[position] = IDHash.of(UnsafeRawBufferPointer(id))
            }
          }
        }
      }
    }
    return hashes
  }

  /// Every id that an earlier one has, in order, among ids given by their hashes (`IDHash`):
  /// `same(position, earlier)` says whether two ids with equal hashes are the same id.
  static func find(hashes: UnsafeBufferPointer<UInt64>, same: (Int, Int) -> Bool) -> [Repeat] {
    let repeatedHashes = RepeatedHashes.find(in: hashes)
    guard !repeatedHashes.isEmpty else { return [] }
    var repeats: [Repeat] = []
    // The first row of each id met so far among those whose hash repeats.
    var firstsByHash: [UInt64: [Int]] = [:]
    for position in hashes.indices where repeatedHashes.contains(hashes[position]) {
      let hash = hashes[position]
      if let first = firstsByHash[hash]?.first(where: { same(position, $0) }) {
        repeats.append(Repeat(position: position, first: first))
      } else {
        firstsByHash[hash, default: []].append(position)
      }
    }
    return repeats
  }
}

/// Finds the values that occur more than once among millions of 64-bit hashes, on two cores.
///
/// The values are grouped by their top 12 bits with a counting sort (each thread counts and
/// places its half), and each group, a few hundred values that stay in the cache, goes through
/// a small hash set of its own: two sweeps over memory in order, where sorting all the values
/// would take several, and one table of all of them a cache miss per value.
enum RepeatedHashes {
  /// Bits of a value that pick its group.
  static let groupBits = 12

  /// Every value that occurs at least twice in `values`, once.
  static func find(in values: UnsafeBufferPointer<UInt64>) -> Set<UInt64> {
    let middle = values.count / 2
    return find(
      inEach: [
        UnsafeBufferPointer(rebasing: values[..<middle]),
        UnsafeBufferPointer(rebasing: values[middle...]),
      ])
  }

  /// Every value that occurs at least twice among all the values of `lists`, once, without
  /// first copying them into one: each thread takes the lists that make about half of them.
  static func find(inEach lists: [[UInt64]]) -> Set<UInt64> {
    var buffers: [UnsafeBufferPointer<UInt64>] = []
    func gather(_ index: Int) -> Set<UInt64> {
      guard index < lists.count else { return find(inEach: buffers) }
      return lists[index].withUnsafeBufferPointer {
        buffers.append($0)
        return gather(index + 1)
      }
    }
    return gather(0)
  }

  /// Every value that occurs at least twice among all the values of `lists`, once.
  private static func find(inEach lists: [UnsafeBufferPointer<UInt64>]) -> Set<UInt64> {
    let count = lists.reduce(0) { $0 + $1.count }
    guard count > 1 else { return [] }
    let groups = 1 << groupBits
    let shift = UInt64(64 - groupBits)
    // The lists of each half: the first half's end where the values reach half of them.
    var firstHalfLists = 0
    var seen = 0
    while firstHalfLists < lists.count && seen < count / 2 {
      seen += lists[firstHalfLists].count
      firstHalfLists += 1
    }
    let halves = [
      Array(lists[..<firstHalfLists]).map(UnsafeMutableBufferPointer.init(mutating:)),
      Array(lists[firstHalfLists...]).map(UnsafeMutableBufferPointer.init(mutating:)),
    ].map(SendableLists.init)
    // Each half's count per group, then where each half's share of each group starts.
    var counts = [[Int]](repeating: [Int](repeating: 0, count: groups), count: 2)
    counts.withUnsafeMutableBufferPointer { counts in
      let counts = UnsafeSendableBuffer(counts)
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        var own = [Int](repeating: 0, count: groups)
        for list in halves[half].lists {
          for value in list { own[Int(value >> shift)] += 1 }
        }
        counts.buffer[half] = own
      }
    }
    var groupStart = [Int](repeating: 0, count: groups + 1)
    var halfStart = [[Int]](repeating: [Int](repeating: 0, count: groups), count: 2)
    for group in 0..<groups {
      halfStart[0][group] = groupStart[group]
      halfStart[1][group] = groupStart[group] + counts[0][group]
      groupStart[group + 1] = groupStart[group] + counts[0][group] + counts[1][group]
    }
    let starts = halfStart
    let bounds = groupStart
    let grouped = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: count)
    defer { grouped.deallocate() }
    let output = UnsafeSendableBuffer(grouped)
    var found = [[UInt64]](repeating: [], count: 2)
    found.withUnsafeMutableBufferPointer { found in
      let found = UnsafeSendableBuffer(found)
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        var next = starts[half]
        for list in halves[half].lists {
          for value in list {
            let group = Int(value >> shift)
            output.buffer.initializeElement(at: next[group], to: value)
            next[group] += 1
          }
        }
      }
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        var repeated: [UInt64] = []
        var table: [UInt64] = []
        for group in half == 0 ? 0..<(groups / 2) : (groups / 2)..<groups {
          let members = UnsafeBufferPointer(
            rebasing: output.buffer[bounds[group]..<bounds[group + 1]])
          findRepeats(in: members, table: &table, into: &repeated)
        }
        found.buffer[half] = repeated
      }
    }
    return Set(found[0] + found[1])
  }

  /// Adds to `repeated` the values of one group that occur more than once, using `table` as
  /// room for an open-addressing set (0 marks an empty slot, so zeros are counted apart).
  private static func findRepeats(
    in members: UnsafeBufferPointer<UInt64>, table: inout [UInt64], into repeated: inout [UInt64]
  ) {
    guard members.count > 1 else { return }
    var bits = 4
    while 1 << bits < 2 * members.count { bits += 1 }
    let size = 1 << bits
    if table.count < size {
      table = [UInt64](repeating: 0, count: size)
    } else {
      // Only the slots this group uses: the table keeps the size of the largest group.
      table.withUnsafeMutableBufferPointer {
        UnsafeMutableBufferPointer(rebasing: $0[0..<size]).update(repeating: 0)
      }
    }
    var zeros = 0
    table.withUnsafeMutableBufferPointer { table in
      let mask = size - 1
      for value in members {
        if value == 0 {
          zeros += 1
          if zeros == 2 { repeated.append(0) }
          continue
        }
        // Multiplicative hashing of the value's bits, so that values alike in their low bits
        // still spread.
        var slot = Int(truncatingIfNeeded: (value &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
        while true {
          let held = table[slot]
          if held == 0 {
            table[slot] = value
            break
          }
          if held == value {
            // Once per run of occurrences at least; the caller makes a set of them.
            if repeated.last != value { repeated.append(value) }
            break
          }
          slot = (slot + 1) & mask
        }
      }
    }
  }
}

/// Lists of values that the threads read at once, none writing.
private struct SendableLists: @unchecked Sendable {
  let lists: [UnsafeMutableBufferPointer<UInt64>]
}
