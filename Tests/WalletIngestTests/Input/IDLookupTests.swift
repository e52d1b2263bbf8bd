import Dispatch
import Testing
import WalletCore

@testable import WalletIngest

/// `IDLookup` keeps the first 16 bytes of each id in its slot: ids of every length around that
/// boundary, ids that differ only past it, and a table that grows must all be found exactly.
struct IDLookupTests {
  /// Ids of 0 to 40 bytes, some sharing their first 16 bytes, some multi-byte UTF-8.
  static let ids: [String] = {
    var ids = (1...40).map { String(repeating: "x", count: $0) }
    ids += ["0123456789abcdefA", "0123456789abcdefB", "0123456789abcdef", "0123456789abcde"]
    ids += ["卡-一", "卡-二", "H1", "H1 ", "h1", "C43729-1", "C43729-10", "C4372-91"]
    return ids
  }()

  @Test func findsEveryIDAndOnlyThose() throws {
    let ids = Self.ids.map(Identifier.init)
    for split in [0, 1, 20, ids.count] {
      let built = IDLookup(uniqueIn: Array(ids[..<split]), Array(ids[split...]), id: { $0 })
      let lookup = try #require(built)
      #expect(lookup.count == ids.count)
      for (entry, id) in Self.ids.enumerated() {
        #expect(lookup.entry(of: id) == Int32(entry), "\(id), split at \(split)")
      }
      for absent in ["", "0123456789abcdefC", "0123456789abcdefAB", "x\u{0}", "H2", "卡-三"] {
        #expect(lookup.entry(of: absent) == nil, "\(absent)")
      }
    }
    #expect(IDLookup().count == 0)
    #expect(IDLookup().entry(of: "H1") == nil)
  }

  @Test func refusesARepeatedID() {
    let ids = ["A", "B", "C", "0123456789abcdefX", "0123456789abcdefY"].map(Identifier.init)
    for (first, second) in [(0, 0), (0, 4), (3, 4), (4, 4), (2, 2)] {
      let halves = (Array(ids[0..<first]), Array(ids[first..<4]))
      let lookup = IDLookup(uniqueIn: halves.0, halves.1, id: { $0 })
      #expect(lookup?.count == 4, "split at \(first)")
      #expect(lookup?.entry(of: "0123456789abcdefX") == 3)
      let repeated = IDLookup(uniqueIn: halves.0 + [ids[second]], halves.1, id: { $0 })
      #expect((repeated == nil) == (second < 4), "\(ids[second]) again, split at \(first)")
    }
  }

  /// Many similar ids, as a bank's cards are numbered, built in two halves and looked up in
  /// batches, with absent ids among them.
  @Test func manySimilarIDsInBatches() {
    let ids = (0..<50_000).map { Identifier("C\($0)-\($0 % 3)") }
    guard
      let lookup = IDLookup(
        uniqueIn: Array(ids[..<20_000]), Array(ids[20_000...]), id: { $0 })
    else {
      Issue.record("similar ids taken for repeats")
      return
    }
    let asked =
      (0..<300).map { Identifier($0 % 7 == 0 ? "C\($0)-9" : "C\($0 * 97)-\($0 * 97 % 3)") }
      + Self.ids.map(Identifier.init)
    var arena = IdentifierArena()
    var keys: [IDLookup.Key] = []
    for id in asked {
      var text = id.rawValue
      text.withUTF8 {
        arena.append(UnsafeRawBufferPointer($0))
        keys.append(IDLookup.Key(UnsafeRawBufferPointer($0)))
      }
    }
    var entries = [Int32](repeating: 7, count: asked.count)
    keys.withUnsafeBufferPointer { keys in
      entries.withUnsafeMutableBufferPointer { lookup.entries(of: arena, keys: keys, into: $0) }
    }
    for (index, id) in asked.enumerated() {
      #expect(entries[index] == (lookup.entry(of: id.rawValue) ?? -1), "\(id)")
    }
    #expect(entries[..<300].filter { $0 >= 0 }.count == 300 - 43)
  }

  /// A batch's ids kept as their keys need (`bytesToKeep`: nothing for an id of at most 16
  /// bytes) are found as with every byte kept, long ids that share their first 16 bytes too.
  @Test func batchesKeepOnlyTheBytesTheKeysNeed() throws {
    let stems = ["C7-1", "0123456789abcdef", "0123456789abcdef-0", "0123456789abcdef-1"]
    let ids = (0..<2_000).map { Identifier("\(stems[$0 % 4])#\($0)") } + stems.map(Identifier.init)
    let lookup = try #require(IDLookup(uniqueIn: Array(ids[..<700]), Array(ids[700...])) { $0 })
    let asked =
      ids.shuffled()
      + ["0123456789abcdef-2", "0123456789abcdef#", "C7-2"].map(
        Identifier.init)
    var arena = IdentifierArena()
    var keys: [IDLookup.Key] = []
    for id in asked {
      var text = id.rawValue
      text.withUTF8 {
        let key = IDLookup.Key(UnsafeRawBufferPointer($0))
        arena.append(key.bytesToKeep(of: UnsafeRawBufferPointer($0)))
        keys.append(key)
      }
    }
    #expect(keys.contains { !$0.holdsWholeID } && keys.contains(where: \.holdsWholeID))
    var entries = [Int32](repeating: 7, count: asked.count)
    keys.withUnsafeBufferPointer { keys in
      for start in stride(from: 0, to: keys.count, by: IDLookup.batchSize) {
        let range = start..<min(keys.count, start + IDLookup.batchSize)
        entries.withUnsafeMutableBufferPointer {
          lookup.entries(
            of: arena, startingAt: start, keys: UnsafeBufferPointer(rebasing: keys[range]),
            into: UnsafeMutableBufferPointer(rebasing: $0[range]))
        }
      }
    }
    for (index, id) in asked.enumerated() {
      #expect(entries[index] == (lookup.entry(of: id.rawValue) ?? -1), "\(id)")
    }
    #expect(entries.filter { $0 < 0 }.count == 3)
  }
}

/// Keys are placed on two cores, each in its half of the table; a probe that would run past
/// its half's end (the middle, or the table's end, where it wraps) is placed after. Ids chosen
/// for where their probes start make such runs certain.
struct IDLookupPlacementTests {
  /// `count` ids whose probes start at `slot` of a table of `size` slots, not among `taken`.
  static func ids(startingAt slot: Int, of size: Int, count: Int, from first: Int) -> [String] {
    var found: [String] = []
    var number = first
    while found.count < count {
      var id = "C\(number)"
      let start = id.withUTF8 { IDLookup.Key(UnsafeRawBufferPointer($0)).slot(mask: size - 1) }
      if start == slot { found.append(id) }
      number += 1
    }
    return found
  }

  @Test(arguments: [0, 2, 5, 8])
  func runsPastEitherHalfAreFound(split: Int) throws {
    // 8 ids make a table of 16 slots: four start at slot 7, just before the middle, and four at
    // slot 15, the last.
    let ids =
      Self.ids(startingAt: 7, of: 16, count: 4, from: 0)
      + Self.ids(startingAt: 15, of: 16, count: 4, from: 1_000_000)
    let identifiers = ids.map(Identifier.init)
    let built = IDLookup(
      uniqueIn: Array(identifiers[..<split]), Array(identifiers[split...]), id: { $0 })
    let lookup = try #require(built)
    for (entry, id) in ids.enumerated() {
      #expect(lookup.entry(of: id) == Int32(entry), "\(id), split at \(split)")
    }
    for absent in Self.ids(startingAt: 7, of: 16, count: 2, from: 2_000_000) {
      #expect(lookup.entry(of: absent) == nil, "\(absent)")
    }
  }

  /// A table two-thirds full, the most it holds, built from halves and looked up id by id.
  @Test func aFullTable() throws {
    let ids = (0..<43_690).map { "E\($0 &* 7919)" }
    let identifiers = ids.map(Identifier.init)
    let built = IDLookup(
      uniqueIn: Array(identifiers[..<20_000]), Array(identifiers[20_000...]), id: { $0 })
    let lookup = try #require(built)
    var wrong = 0
    for (entry, id) in ids.enumerated() where lookup.entry(of: id) != Int32(entry) { wrong += 1 }
    #expect(wrong == 0)
    #expect(lookup.entry(of: "E1") == nil)
  }
}

/// A lookup made when first asked for, from halves checked unique beforehand, by several
/// threads at once: each finds every id, and the halves' repeats are found before it is made.
struct DeferredIDLookupTests {
  static func half(_ ids: ArraySlice<String>) -> IDLookup.Half {
    var half = IDLookup.Half(reservingCapacity: ids.count)
    for id in ids {
      var id = id
      id.withUTF8 { half.append(UnsafeRawBufferPointer($0)) }
    }
    return half
  }

  @Test func madeOnceWhenFirstAskedForByAnyThread() {
    let ids = (0..<5_000).map { "E\($0)-\($0 % 3)" }
    let (first, second) = (Self.half(ids[..<2_000]), Self.half(ids[2_000...]))
    #expect(!IDLookup.repeatsAnID(first, second))
    let deferred = IDLookup.Deferred(checkedUnique: first, second)
    #expect(deferred.count == ids.count)
    let wrong = UnsafeSendable(UnsafeMutableBufferPointer<Int>.allocate(capacity: 4))
    defer { wrong.value.deallocate() }
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      var misses = 0
      for (entry, id) in ids.enumerated() where entry % 4 == thread {
        if deferred.lookup.entry(of: id) != Int32(entry) { misses += 1 }
      }
      wrong.value[thread] = misses
    }
    #expect(wrong.value.reduce(0, +) == 0)
    #expect(deferred.lookup.entry(of: "E5000-2") == nil)
  }

  @Test func repeatsAreFoundBeforeAnyLookupIsMade() {
    #expect(IDLookup.repeatsAnID(Self.half(["A", "B"]), Self.half(["C", "A"])))
    #expect(IDLookup.repeatsAnID(Self.half(["A", "A"]), Self.half([])))
    #expect(!IDLookup.repeatsAnID(Self.half(["A", "B"]), Self.half(["a"])))
  }
}

/// A repeat anywhere in a bulk build, even next to its first in one batch of probes, is found.
struct IDLookupRepeatTests {
  @Test(arguments: [0, 1, 62, 63, 64, 100, 199])
  func aRepeatNextToItsFirst(at position: Int) {
    var ids = (0..<200).map { Identifier("C\($0)") }
    ids.insert(ids[position], at: position + 1)
    #expect(IDLookup(uniqueIn: ids, [], id: { $0 }) == nil, "repeat of \(ids[position])")
    #expect(IDLookup(uniqueIn: [], ids, id: { $0 }) == nil, "in the second half")
    let long = ids.map { Identifier("0123456789abcdef-\($0.rawValue)") }
    #expect(IDLookup(uniqueIn: long, [], id: { $0 }) == nil, "long ids")
    var unique = ids
    unique.remove(at: position + 1)
    #expect(IDLookup(uniqueIn: unique, [], id: { $0 })?.count == 200)
  }
}
