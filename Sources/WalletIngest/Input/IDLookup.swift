import Dispatch
import Foundation
import WalletCore

/// Ids to dense entry numbers, by their UTF-8 bytes: how every transaction row of a bank's batch
/// finds its card, straight from the CSV bytes.
///
/// An open-addressing table whose slots hold the first 16 bytes of their id, so that a lookup
/// of an id that short (almost all are) reads one slot and nothing else. With millions of
/// lookups spread over hundreds of thousands of cards, each memory access is a likely cache
/// miss, and a slot that only pointed at the id's bytes would cost three. Longer ids compare their
/// remaining bytes against a copy of every id kept beside the table.
struct IDLookup: Sendable {
  /// An id's first 16 bytes (zero-padded), its length and entry number; `entryPlusOne` is 0 in
  /// an empty slot.
  private struct Slot {
    var head = UInt64(0)
    var tail = UInt64(0)
    var length = UInt32(0)
    var entryPlusOne = UInt32(0)
  }

  private var slots: [Slot]
  private var ids = IdentifierArena()

  /// A lookup of no ids.
  init() {
    slots = [Slot](repeating: Slot(), count: Self.tableSize(for: 0))
  }

  /// A lookup of the ids of `first` then `second`, numbered in that order, or nil when one
  /// repeats (found as every repeated id is, by `RepeatedIDs`). Each half's keys and id bytes
  /// are worked out on its own core (see `init?(uniqueIn:_:)`).
  init?<Element: Sendable>(
    uniqueIn first: [Element], _ second: [Element], id: @Sendable (Element) -> Identifier
  ) {
    var halves = [Half](repeating: Half(), count: 2)
    halves.withUnsafeMutableBufferPointer { halves in
      let shared = SendableHalves(halves)
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        let elements = half == 0 ? first : second
        var made = Half(reservingCapacity: elements.count)
        for element in elements {
          var text = id(element).rawValue
          text.withUTF8 { made.append(UnsafeRawBufferPointer($0)) }
        }
        shared.halves[half] = made
      }
    }
    self.init(uniqueIn: halves[0], halves[1])
  }

  /// A lookup of the ids of `first` then `second`, numbered in that order, or nil when one
  /// repeats (found as every repeated id is, by `RepeatedIDs`). The halves come with their
  /// keys, worked out as their rows were read, on the core reading them: what is left is
  /// finding repeats among the hashes and placing the keys, on both cores
  /// (`place(_:_:in:)`).
  init?(uniqueIn first: consuming Half, _ second: consuming Half) {
    guard !Self.repeatsAnID(first, second) else { return nil }
    self.init(checkedUnique: first, second)
  }

  /// A lookup of the ids of `first` then `second`, which the caller has checked unique
  /// (`repeatsAnID`).
  private init(checkedUnique first: consuming Half, _ second: consuming Half) {
    let count = first.keys.count + second.keys.count
    slots = [Slot](repeating: Slot(), count: Self.tableSize(for: count))
    // The first half's ids, which have room for the whole file's, taken whole: the only
    // reference to them, so that the second half's are appended in place.
    ids = first.takeIDs()
    ids.append(contentsOf: second.ids)
    slots.withUnsafeMutableBufferPointer { slots in
      first.keys.withUnsafeBufferPointer { firstKeys in
        second.keys.withUnsafeBufferPointer { secondKeys in
          Self.place(firstKeys, secondKeys, in: slots)
        }
      }
    }
  }

  /// Whether an id of `first` then `second` repeats an earlier one.
  static func repeatsAnID(_ first: borrowing Half, _ second: borrowing Half) -> Bool {
    var hashes = [UInt64]()
    hashes.reserveCapacity(first.keys.count + second.keys.count)
    hashes.append(contentsOf: first.keys.lazy.map(\.hash))
    hashes.append(contentsOf: second.keys.lazy.map(\.hash))
    let (firstIDs, secondIDs) = (first.ids, second.ids)
    let repeats = hashes.withUnsafeBufferPointer {
      RepeatedIDs.find(hashes: $0) { position, earlier in
        func bytes<Result>(_ at: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
          at < firstIDs.count
            ? firstIDs.withBytes(at: at) { body(UnsafeRawBufferPointer($0)) }
            : secondIDs.withBytes(at: at - firstIDs.count) { body(UnsafeRawBufferPointer($0)) }
        }
        return bytes(position) { mine in bytes(earlier) { $0.elementsEqual(mine) } }
      }
    }
    return !repeats.isEmpty
  }

  /// A lookup made only when first asked for, from halves checked unique when it is made: the
  /// enrollments', which a batch uses only when a transaction names an enrollment (a bank's
  /// file, often never), while every enrollment id is checked unique at once. Shared by the
  /// threads reading a file's parts; the first to ask makes it.
  struct Deferred: Sendable {
    private let made: WalletCore.Deferred<IDLookup>
    /// The number of ids.
    let count: Int

    /// The lookup `lookup`, already made.
    init(_ lookup: IDLookup) {
      made = WalletCore.Deferred(lookup)
      count = lookup.count
    }

    /// The lookup of `first` then `second`, whose ids the caller has checked unique
    /// (`repeatsAnID`), to be made when first asked for.
    init(checkedUnique first: Half, _ second: Half) {
      made = WalletCore.Deferred { IDLookup(checkedUnique: first, second) }
      count = first.keys.count + second.keys.count
    }

    /// The lookup, made now if it was not yet.
    var lookup: IDLookup { made.value }
  }

  /// The ids of one half of a file, in order, with their keys: what a lookup is made of,
  /// worked out as each row is read.
  struct Half: Sendable {
    private(set) var ids = IdentifierArena()
    private(set) var keys: [Key] = []

    /// No ids.
    init() {}

    /// No ids yet, with room for `count` of them.
    init(reservingCapacity count: Int) {
      keys.reserveCapacity(count)
      ids.reserveCapacity(count, averageLength: 12)
    }

    /// Adds the id with these bytes.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
      keys.append(Key(bytes))
      ids.append(bytes)
    }

    /// The ids, which this half no longer holds.
    mutating func takeIDs() -> IdentifierArena {
      defer { ids = IdentifierArena() }
      return ids
    }
  }

  /// Puts the entries of `first` then `second` (numbered in that order) in `slots`, which are
  /// empty and have room. Each core takes the keys whose probe starts in its half of the
  /// table, and leaves any probe that would run past that half's end for after: placing a key
  /// is a likely cache miss, and the misses of the two halves overlap. In a table probed in
  /// order, the slot a key ends up in depends on the keys placed before it, but every order
  /// gives a table in which each key is found.
  private static func place(
    _ first: UnsafeBufferPointer<Key>, _ second: UnsafeBufferPointer<Key>,
    in slots: UnsafeMutableBufferPointer<Slot>
  ) {
    precondition(first.count + second.count < Int(UInt32.max - 1), "too many ids for one lookup")
    let mask = slots.count - 1
    let middle = slots.count / 2
    var leftOver = [[Int32]](repeating: [], count: 2)
    leftOver.withUnsafeMutableBufferPointer { leftOver in
      let shared = SendableHalves(leftOver)
      let table = UnsafeSendableBuffer(slots)
      let size = slots.count
      let halves = [first, second].map {
        UnsafeSendableBuffer(UnsafeMutableBufferPointer(mutating: $0))
      }
      let secondOffset = first.count
      // On two threads of their own even when called from a thread of `concurrentPerform` (the
      // enrollments' lookup is made by the first part of a transactions file that names one,
      // while the other parts wait for it), which would run a nested `concurrentPerform` on
      // one thread.
      func placeHalf(_ half: Int) {
        let (start, end) = half == 0 ? (0, middle) : (middle, size)
        var postponed: [Int32] = []
        for (offset, keys) in [(0, halves[0].buffer), (secondOffset, halves[1].buffer)] {
          for index in keys.indices {
            let key = keys[index]
            var position = key.slot(mask: mask)
            guard position >= start && position < end else { continue }
            while position < end && table.buffer[position].entryPlusOne != 0 { position += 1 }
            if position == end {
              postponed.append(Int32(offset + index))
            } else {
              table.buffer[position] = Slot(
                head: key.head, tail: key.tail, length: key.length,
                entryPlusOne: UInt32(offset + index + 1))
            }
          }
        }
        shared.halves[half] = postponed
      }
      _ = bothAtOnce({ placeHalf(0) }, { placeHalf(1) })
    }
    for entry in leftOver.joined() {
      let entry = Int(entry)
      place(
        entry < first.count ? first[entry] : second[entry - first.count], entry: entry, in: slots)
    }
  }

  /// How many probes `entries(of:keys:into:)` starts at once.
  static let batchSize = 64

  /// The entries of several ids at once: `entries[i]` becomes the entry of `ids[first + i]`,
  /// whose key is `keys[i]`, or -1 when there is none. Only the bytes of an id longer than its
  /// key holds are read: `ids` may hold none for the others (`Key.holdsWholeID`).
  ///
  /// The first slot of every probe is read in one tight loop before any is compared: each is a
  /// likely cache miss, and loads that do not wait on one another are served together rather
  /// than one after the other.
  func entries(
    of ids: IdentifierArena, startingAt first: Int = 0, keys: UnsafeBufferPointer<Key>,
    into entries: UnsafeMutableBufferPointer<Int32>
  ) {
    precondition(
      entries.count >= keys.count && ids.count >= first + keys.count, "mismatched batch")
    slots.withUnsafeBufferPointer { slots in
      let mask = slots.count - 1
      withUnsafeTemporaryAllocation(of: Slot.self, capacity: keys.count) { firstSlots in
        for index in keys.indices {
          firstSlots.initializeElement(at: index, to: slots[keys[index].slot(mask: mask)])
        }
        for index in keys.indices {
          let key = keys[index]
          let slot = firstSlots[index]
          if slot.entryPlusOne == 0 {
            entries[index] = -1
          } else if slot.head == key.head && slot.tail == key.tail && slot.length == key.length
            && key.length <= Key.inlineBytes
          {
            entries[index] = Int32(slot.entryPlusOne - 1)
          } else if key.length <= Key.inlineBytes {
            // Another id in the first slot (a quarter of lookups): the probe goes on from the
            // next one, usually in the same cache line.
            entries[index] = Self.probe(slots, for: key, from: (key.slot(mask: mask) + 1) & mask) {
              _ in true
            }
          } else {
            entries[index] =
              ids.withBytes(at: first + index) { entry(of: UnsafeRawBufferPointer($0), key: key) }
              ?? -1
          }
        }
        _ = firstSlots.deinitialize()
      }
    }
  }

  /// The number of ids.
  var count: Int { ids.count }

  /// The entry of the id with these bytes, if any.
  func entry(of bytes: UnsafeRawBufferPointer) -> Int32? {
    entry(of: bytes, key: Key(bytes))
  }

  private func entry(of bytes: UnsafeRawBufferPointer, key: Key) -> Int32? {
    slots.withUnsafeBufferPointer { slots in
      let found = Self.probe(slots, for: key, from: key.slot(mask: slots.count - 1)) {
        key.length <= Key.inlineBytes || ids.equals($0, bytes)
      }
      return found < 0 ? nil : found
    }
  }

  /// The entry of the first slot from `position` on whose id starts as `key`'s and of which
  /// `sameID` (given the entry) says it is the same id, or -1 at an empty slot. Inlined, so
  /// that a batch of lookups probes past a collision without a call.
  @inline(__always)
  private static func probe(
    _ slots: UnsafeBufferPointer<Slot>, for key: Key, from position: Int,
    sameID: (Int) -> Bool
  ) -> Int32 {
    let mask = slots.count - 1
    var position = position
    while true {
      let slot = slots[position]
      if slot.entryPlusOne == 0 { return -1 }
      let entry = Int(slot.entryPlusOne) - 1
      if slot.head == key.head && slot.tail == key.tail && slot.length == key.length
        && sameID(entry)
      {
        return Int32(entry)
      }
      position = (position + 1) & mask
    }
  }

  /// The entry of `id`, if any.
  func entry(of id: String) -> Int32? {
    var id = id
    return id.withUTF8 { entry(of: UnsafeRawBufferPointer($0)) }
  }

  /// Puts entry `entry` in the first free slot of its probe; the table has room.
  @inline(__always)
  private static func place(_ key: Key, entry: Int, in slots: UnsafeMutableBufferPointer<Slot>) {
    precondition(entry < Int(UInt32.max - 1), "too many ids for one lookup")
    let mask = slots.count - 1
    var position = key.slot(mask: mask)
    while slots[position].entryPlusOne != 0 { position = (position + 1) & mask }
    slots[position] = Slot(
      head: key.head, tail: key.tail, length: key.length, entryPlusOne: UInt32(entry + 1))
  }

  /// A power of two at least 1.5 times `count`: probes stay short (a second slot is usually in
  /// the same cache line as the first), and the table small enough to stay in the cache for
  /// millions of lookups.
  private static func tableSize(for count: Int) -> Int {
    var size = 16
    while size < count + count / 2 { size *= 2 }
    return size
  }

  /// What a slot holds of an id, and where its probe starts.
  struct Key {
    /// How many of an id's first bytes a slot holds.
    static let inlineBytes = UInt32(IDHash.wordBytes)
    /// The id's first 8 bytes, zero-padded, as one integer.
    let head: UInt64
    /// Its next 8.
    let tail: UInt64
    /// Its length in bytes.
    let length: UInt32
    /// Its hash (`IDHash`), from all its bytes.
    let hash: UInt64

    /// The key of the id with these bytes.
    init(_ bytes: UnsafeRawBufferPointer) {
      precondition(bytes.count < Int(UInt32.max), "id too long")
      length = UInt32(bytes.count)
      let words = IDHash.words(bytes)
      head = words.head
      tail = words.tail
      hash = IDHash.hash(bytes, words: words)
    }

    /// Where its probe starts in a table of `mask + 1` slots.
    func slot(mask: Int) -> Int { Int(truncatingIfNeeded: hash) & mask }

    /// Whether the key holds the whole id, so that finding it never reads the id's bytes
    /// (`entries(of:startingAt:keys:into:)`).
    var holdsWholeID: Bool { length <= Self.inlineBytes }

    /// What a batch of lookups needs kept of the id `bytes`, whose key this is: nothing when
    /// the key holds it whole (nearly every id), else its bytes.
    func bytesToKeep(of bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
      holdsWholeID ? UnsafeRawBufferPointer(start: nil, count: 0) : bytes
    }
  }
}

/// Lets the two threads working out keys each write their own half.
private struct SendableHalves<Element>: @unchecked Sendable {
  let halves: UnsafeMutableBufferPointer<Element>
  init(_ halves: UnsafeMutableBufferPointer<Element>) { self.halves = halves }
}
