import Dispatch
import Foundation
import WalletCore

/// Reads a large CSV file in parts (two halves, or more), one per core at a time: on a bank's
/// batch reading CSV is most of the work, and rows are independent once the files they refer to
/// are known. (Named when there were only halves.)
///
/// Only the common case is taken: a file that is valid throughout. Each part after the first
/// starts just after a line break; if that break was inside a quoted field, the part before
/// ends inside a quote and fails. On any failure at all — that, a bad row, a repeated id — the
/// caller gives up on parts and reads the file from the start the ordinary way, which reports
/// exactly what is wrong, on which line, as it always has. So the speed-up never changes a
/// message.
enum FileHalves {
  /// Files smaller than this are read in one go: two threads would not pay for themselves.
  /// `WALLET_SPLIT_BYTES` lowers it, so that tests can send small files down this path.
  static let minimumFileSize: Int = {
    if let text = getenv("WALLET_SPLIT_BYTES"), let bytes = Int(String(cString: text)),
      bytes > 0
    {
      return bytes
    }
    return 8 << 20
  }()

  /// What `readHalf` made of each half, first half first; nil when the file is small or either
  /// half failed. `readHalf` gets a reader positioned at the half's first row, the file's
  /// header, and how many bytes of rows its result should have room for (the whole file's for
  /// the first half, to which the second is appended), and returns nil at the first problem of
  /// any kind.
  static func read<Part: Sendable>(
    _ file: InputFile, kind: InputKind,
    _ readHalf: @escaping @Sendable (CSVReader, CSVColumns, _ roomForBytes: Int) -> Part?
  ) -> (first: Part, second: Part)? {
    guard let parts = read(file, kind: kind, parts: 2, readHalf), parts.count == 2 else {
      return nil
    }
    return (parts[0], parts[1])
  }

  /// What `readPart` made of each of up to `count` consecutive parts of the file, in file
  /// order; nil when the file is small, cannot be cut in two, or any part failed. A file is cut
  /// just after the first line break at or after each of `count - 1` evenly spaced offsets; a
  /// cut that would fall in a part already cut (a short file, long lines) is left out. Parts
  /// are handed to the cores as they free up (as many at once as there are cores), so with
  /// more parts than cores a core that is slowed down (by another process, or by slower pages)
  /// takes fewer of them instead of keeping the other waiting. `readPart` is called as for
  /// `read(_:kind:_:)`, with room for the whole file in the first part.
  static func read<Part: Sendable>(
    _ file: InputFile, kind: InputKind, parts count: Int,
    _ readPart: @escaping @Sendable (CSVReader, CSVColumns, _ roomForBytes: Int) -> Part?
  ) -> [Part]? {
    precondition(count >= 2, "a file read in fewer than two parts")
    let size = file.size
    guard size >= minimumFileSize,
      let columns = try? CSVColumns(
        reader: CSVReader(fileDescriptor: file.descriptor, range: 0..<size, chunkSize: 1 << 16),
        file: file.path, known: kind.columns, required: kind.requiredColumns)
    else { return nil }
    var starts = [0]
    for part in 1..<count {
      if let start = lineStart(near: part * size / count, in: file, size: size),
        start > starts[starts.count - 1]
      {
        starts.append(start)
      }
    }
    guard starts.count >= 2 else { return nil }
    let count = starts.count
    starts.append(size)
    let bounds = starts
    var parts = [Part?](repeating: nil, count: count)
    parts.withUnsafeMutableBufferPointer { parts in
      let parts = UnsafeSendableBuffer(parts)
      DispatchQueue.concurrentPerform(iterations: count) { part in
        let range = bounds[part]..<bounds[part + 1]
        let csv = CSVReader(fileDescriptor: file.descriptor, range: range)
        if part == 0 {
          // The first part starts with the header, already read above.
          guard
            (try? CSVColumns(
              reader: csv, file: file.path, known: kind.columns, required: kind.requiredColumns))
              != nil
          else { return }
        }
        parts.buffer[part] = readPart(csv, columns, part == 0 ? size : range.count)
      }
    }
    let read = parts.compactMap { $0 }
    return read.count == count ? read : nil
  }

  /// The offset just after the first line break at or after `offset`, or nil if none is near.
  private static func lineStart(near offset: Int, in file: InputFile, size: Int) -> Int? {
    var window = [UInt8](repeating: 0, count: 1 << 16)
    let count = window.withUnsafeMutableBytes {
      pread(file.descriptor, $0.baseAddress, $0.count, off_t(offset))
    }
    guard count > 0, let newline = window[0..<count].firstIndex(of: UInt8(ascii: "\n")) else {
      return nil
    }
    let start = offset + newline + 1
    return start < size ? start : nil
  }
}

/// A transactions file read in parts, as many at once as there are cores (see `FileHalves`).
enum TransactionHalves {
  /// Parts a large transactions file is read in: several per core, so that the cores finish
  /// together (see `FileHalves.read(_:kind:parts:_:)`). Halves had left one core idle for a
  /// tenth to a third of the reading, the other's half taking that much longer.
  static let partCount = 8

  /// The transactions of `file` appended to a copy of `ledger` (which holds the cards and
  /// enrollments), or nil when the file must be read the ordinary way. `rowsRead` is called
  /// once every part is read, before they are joined: what only reading rows needed can go
  /// then, so that it does not add to the memory joining them takes. Nil can still come after
  /// it, when an id repeats.
  static func load(
    file: InputFile, reader makeReader: (CSVColumns) -> TransactionRowReader, ledger: Ledger,
    progress: (any ReadProgress)?, rowsRead: () -> Void
  ) -> Ledger? {
    guard file.size >= FileHalves.minimumFileSize,
      let columns = try? CSVColumns(
        reader: CSVReader(
          fileDescriptor: file.descriptor, range: 0..<file.size, chunkSize: 1 << 16),
        file: file.path, known: InputKind.transactions.columns,
        required: InputKind.transactions.requiredColumns)
    else { return nil }
    let counter = SharedProgress(progress)
    // The reader lives only in the closure, so that what it holds can go before the parts are
    // joined.
    guard
      var parts = { () -> [Ledger]? in
        let reader = makeReader(columns)
        return FileHalves.read(
          file, kind: .transactions, parts: partCount,
          { csv, columns, bytes in
            read(
              csv, columns: columns, reader: reader, ledger: ledger, expectedRows: bytes / 80,
              progress: counter)
          })
      }()
    else { return nil }
    rowsRead()
    guard parts.contains(where: { $0.transactionCount > 0 }) else { return nil }
    // The first part has room for the whole file; each later one is moved after it and let go.
    var whole = parts[0]
    parts[0] = Ledger()
    for part in 1..<parts.count { whole.appendTransactions(movingFrom: &parts[part]) }
    guard !hasRepeatedID(whole.transactionIDs) else { return nil }
    counter.finish(rows: whole.transactionCount)
    return whole
  }

  /// One part's transactions, or nil at the first problem of any kind.
  private static func read(
    _ csv: CSVReader, columns: CSVColumns, reader: TransactionRowReader, ledger: Ledger,
    expectedRows: Int, progress: SharedProgress
  ) -> Ledger? {
    var ledger = ledger
    ledger.reserveTransactions(expectedRows, averageIDLength: 12)
    var bytesReported = 0
    var pending = PendingRows()
    defer {
      pending.discard()
      pending.deallocate()
    }
    do throws(InputError) {
      var rows = 0
      let width = columns.width
      func append(_ parsed: ParsedTransaction, id: UnsafeRawBufferPointer) {
        ledger.appendTransaction(
          id: id, card: parsed.card, time: parsed.time, amount: parsed.amount,
          currency: parsed.currency, method: parsed.method, status: parsed.status,
          refunded: parsed.refunded, enrollment: parsed.enrollment, mcc: parsed.mcc)
      }
      let tableColumns = reader.columns
      while true {
        let next: CSVRecord?
        do { next = try csv.next() } catch { return nil }
        guard let record = next else { break }
        guard record.count == width else { return nil }
        let plain = record.withRawFields { fields -> Bool in
          guard let parsed = reader.plainTransaction(fields, columns: tableColumns) else {
            return false
          }
          pending.add(parsed, card: fields[tableColumns.card], id: fields[tableColumns.id])
          return true
        }
        if !plain || pending.isFull {
          guard pending.flush(into: &ledger, cards: reader.cards) else { return nil }
        }
        if !plain {
          try reader.read(CSVRow(record: record, columns: columns), append)
        }
        rows += 1
        if rows & 0xFFFF == 0 {
          progress.add(rows: 0x10000, bytes: csv.bytesRead - bytesReported)
          bytesReported = csv.bytesRead
        }
      }
    } catch {
      return nil
    }
    guard pending.flush(into: &ledger, cards: reader.cards) else { return nil }
    return ledger
  }

  /// Whether any id appears twice. Each thread hashes half of the ids; `RepeatedHashes` finds
  /// the hashes that occur twice, and only ids with those hashes (almost always none) are
  /// compared byte by byte. 16 bytes per id (the hashes, and room to group them), where a hash
  /// table of ids would need several times that and a cache miss per id.
  private static func hasRepeatedID(_ ids: IdentifierArena) -> Bool {
    let count = ids.count
    let middle = count / 2
    @Sendable func hash(_ position: Int) -> UInt64 {
      ids.withBytes(at: position) { ByteStringIndex.hash(UnsafeRawBufferPointer($0)) }
    }
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
              shared.buffer[position] = ByteStringIndex.hash(UnsafeRawBufferPointer(id))
            }
          }
        }
      }
    }
    let repeatedHashes = hashes.withUnsafeBufferPointer { RepeatedHashes.find(in: $0) }
    guard !repeatedHashes.isEmpty else { return false }
    hashes = []
    var positionsByHash: [UInt64: [Int]] = [:]
    for position in 0..<count {
      let value = hash(position)
      guard repeatedHashes.contains(value) else { continue }
      let repeated = ids.withBytes(at: position) { bytes in
        positionsByHash[value, default: []].contains {
          ids.equals($0, UnsafeRawBufferPointer(bytes))
        }
      }
      if repeated { return true }
      positionsByHash[value, default: []].append(position)
    }
    return false
  }
}

/// Finds the values that occur more than once among millions of 64-bit hashes, on two cores.
///
/// The values are grouped by their top 12 bits with a counting sort (each thread counts and
/// places its half), and each group, a few hundred values that stay in the cache, goes through
/// a small hash set of its own. Two sweeps over memory in order, where sorting all the values
/// took eight, and a table of all of them a cache miss per value.
enum RepeatedHashes {
  /// Bits of a value that pick its group.
  static let groupBits = 12

  /// Every value that occurs at least twice in `values`, once.
  static func find(in values: UnsafeBufferPointer<UInt64>) -> Set<UInt64> {
    let count = values.count
    guard count > 1 else { return [] }
    let groups = 1 << groupBits
    let middle = count / 2
    let shift = UInt64(64 - groupBits)
    let input = UnsafeSendableBuffer(UnsafeMutableBufferPointer(mutating: values))
    // Each half's count per group, then where each half's share of each group starts.
    var counts = [[Int]](repeating: [Int](repeating: 0, count: groups), count: 2)
    counts.withUnsafeMutableBufferPointer { counts in
      let counts = UnsafeSendableBuffer(counts)
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        var own = [Int](repeating: 0, count: groups)
        for value in input.buffer[half == 0 ? 0..<middle : middle..<count] {
          own[Int(value >> shift)] += 1
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
        for value in input.buffer[half == 0 ? 0..<middle : middle..<count] {
          let group = Int(value >> shift)
          output.buffer.initializeElement(at: next[group], to: value)
          next[group] += 1
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

/// Plain rows read but not yet added to a ledger, so that their cards are looked up together
/// (`IDLookup.entries(of:keys:into:)`): each lookup is a likely cache miss, and a batch of them
/// overlaps. The batch is kept column by column in buffers of fixed size and appended to the
/// ledger a column at a time. Rows keep their order: a row that is not plain is read only after
/// the batch is added.
private struct PendingRows {
  private let capacity = IDLookup.batchSize
  /// Rows waiting.
  private(set) var count = 0
  private var ids = IdentifierArena()
  private var cardIDs = IdentifierArena()
  private let cardKeys: UnsafeMutableBufferPointer<IDLookup.Key>
  private let cards: UnsafeMutableBufferPointer<Int32>
  private let times: UnsafeMutableBufferPointer<Int64>
  private let amounts: UnsafeMutableBufferPointer<Int64>
  private let refunded: UnsafeMutableBufferPointer<Int64>
  private let enrollments: UnsafeMutableBufferPointer<Int32>
  private let mcc: UnsafeMutableBufferPointer<Int16>

  /// No rows, with room for a batch.
  init() {
    cardKeys = .allocate(capacity: capacity)
    cards = .allocate(capacity: capacity)
    times = .allocate(capacity: capacity)
    amounts = .allocate(capacity: capacity)
    refunded = .allocate(capacity: capacity)
    enrollments = .allocate(capacity: capacity)
    mcc = .allocate(capacity: capacity)
    ids.reserveCapacity(capacity, averageLength: 16)
    cardIDs.reserveCapacity(capacity, averageLength: 16)
  }

  /// Frees the buffers; the rows must have been flushed. A struct with a method to call, not
  /// a class with a deinitialiser: a class's stored properties are checked for exclusive
  /// access at run time on every row (5% of reading).
  func deallocate() {
    precondition(count == 0, "rows not flushed")
    // The elements are plain values: nothing to deinitialise.
    cardKeys.deallocate()
    cards.deallocate()
    times.deallocate()
    amounts.deallocate()
    refunded.deallocate()
    enrollments.deallocate()
    mcc.deallocate()
  }

  /// Forgets the rows waiting, as when the part is given up.
  mutating func discard() {
    count = 0
    ids.removeAll()
    cardIDs.removeAll()
  }

  /// Whether a batch's worth of rows is waiting.
  var isFull: Bool { count == capacity }

  /// Keeps a row, its card id's bytes and its id's bytes until `flush`.
  mutating func add(
    _ row: PlainTransaction, card: UnsafeRawBufferPointer, id: UnsafeRawBufferPointer
  ) {
    precondition(count < capacity, "a full batch")
    cardKeys.initializeElement(at: count, to: IDLookup.Key(card))
    times[count] = row.time
    amounts[count] = row.amount
    refunded[count] = row.refunded
    enrollments[count] = row.enrollment
    mcc[count] = row.mcc
    cardIDs.append(card)
    ids.append(id)
    count += 1
  }

  /// Looks up every row's card and appends the rows to `ledger`; false, with nothing appended,
  /// when a card is unknown: the caller then gives up on this part.
  mutating func flush(into ledger: inout Ledger, cards lookup: IDLookup) -> Bool {
    guard count > 0 else { return true }
    let rows = count
    let batch = cards.extracting(0..<rows)
    lookup.entries(
      of: cardIDs, keys: UnsafeBufferPointer(cardKeys.extracting(0..<rows)), into: batch)
    count = 0
    cardIDs.removeAll()
    defer { ids.removeAll() }
    guard !batch.contains(-1) else { return false }
    ledger.appendTransactions(
      ids: ids, cards: UnsafeBufferPointer(batch),
      times: UnsafeBufferPointer(times.extracting(0..<rows)),
      amounts: UnsafeBufferPointer(amounts.extracting(0..<rows)),
      refunded: UnsafeBufferPointer(refunded.extracting(0..<rows)),
      enrollments: UnsafeBufferPointer(enrollments.extracting(0..<rows)),
      mcc: UnsafeBufferPointer(mcc.extracting(0..<rows)),
      currency: .cny, method: .applePay, status: .settled)
    return true
  }
}

/// A buffer two threads write to at once, each only its own elements.
private struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<Element>
  init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}

/// Rows and bytes read by all the parts, shown on one progress line.
private final class SharedProgress: @unchecked Sendable {
  private let reporter: (any ReadProgress)?
  private let lock = NSLock()
  private var rows = 0
  private var bytes = 0

  init(_ reporter: (any ReadProgress)?) { self.reporter = reporter }

  func add(rows count: Int, bytes read: Int) {
    guard let reporter else { return }
    lock.lock()
    defer { lock.unlock() }
    rows += count
    bytes += read
    reporter.update(rows: rows, bytes: bytes)
  }

  func finish(rows: Int) {
    reporter?.finish(rows: rows)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
