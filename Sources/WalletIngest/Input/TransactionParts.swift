import Foundation
import WalletCore

/// A transactions file read in parts, as many at once as there are cores (see `FileParts`).
enum TransactionParts {
  /// Parts a large transactions file is read in: several per core, so that a core slowed down
  /// takes fewer of them and the cores finish together (see `FileParts.read(_:kind:parts:_:)`).
  static let partCount = 8

  /// The transactions of `file` appended to a copy of `ledger` (which holds the cards and
  /// enrollments), or nil when the file must be read the ordinary way (as one smaller than
  /// `smallest` bytes is). `rowsRead` is called
  /// once every part is read, before they are joined: what only reading rows needed can go
  /// then, so that it does not add to the memory joining them takes. Nil can still come after
  /// it, when an id repeats.
  ///
  /// With `minimum` (minor units), a row whose amount is below it is read and checked as any
  /// other (its card, the enrollment it names, its id against every other id) but not kept:
  /// `leftOut` counts such rows (see `RewardEngine.leastAmountThatCanEarn(under:)`).
  ///
  /// `alongside` runs on the first core to finish its share of the parts (see
  /// `FileParts.read(_:kind:parts:smallest:alongside:_:)`), unless the file is not cut.
  static func load(
    file: InputFile, smallest: Int, reader makeReader: (CSVColumns) -> LedgerTransactionReader,
    ledger: Ledger, leavingOutBelow minimum: Int64? = nil, progress: (any ReadProgress)?,
    alongside: (@Sendable () -> Void)? = nil, rowsRead: () -> Void
  ) -> (ledger: Ledger, leftOut: Int)? {
    guard file.size >= smallest,
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
      var parts = { () -> [Part]? in
        let reader = makeReader(columns)
        return FileParts.read(
          file, kind: .transactions, parts: partCount, smallest: smallest, alongside: alongside,
          { csv, columns, bytes in
            read(
              csv, columns: columns, reader: reader, ledger: ledger,
              // Kept rows: at most a third of a file's purchases usually reach a minimum.
              expectedRows: bytes / (minimum == nil ? 80 : 240), leavingOutBelow: minimum,
              progress: counter)
          })
      }()
    else { return nil }
    rowsRead()
    let leftOut = parts.reduce(0) { $0 + $1.leftOut }
    guard parts.contains(where: { $0.ledger.transactionCount > 0 }) || leftOut > 0 else {
      return nil
    }
    let idHashes = parts.map(\.idHashes)
    for part in parts.indices { parts[part].idHashes = [] }
    // The parts are joined on one core while the other looks for a repeated id, by the hashes
    // the parts worked out as they read their rows: a hash met twice (a repeated id, or two
    // ids alike in all 64 bits) sends the file to the ordinary reading, which says which id
    // repeats. Rows left out have nothing but their hash.
    let (whole, repeated) = bothAtOnce(
      {
        // The first part has room for the whole file; each later one is moved after it and
        // let go.
        var whole = parts[0].ledger
        parts[0].ledger = Ledger()
        for part in 1..<parts.count { whole.appendTransactions(movingFrom: &parts[part].ledger) }
        return whole
      }, { RepeatedHashes.find(inEach: idHashes) })
    guard repeated.isEmpty else { return nil }
    counter.finish(rows: whole.transactionCount + leftOut)
    return (whole, leftOut)
  }

  /// What one part read: its transactions kept, how many rows it left out, and the hash of
  /// every row's id (`IDHash`), kept or not.
  private struct Part: Sendable {
    var ledger: Ledger
    let leftOut: Int
    var idHashes: [UInt64]
  }

  /// One part's transactions, or nil at the first problem of any kind.
  private static func read(
    _ csv: CSVScanner, columns: CSVColumns, reader: LedgerTransactionReader, ledger: Ledger,
    expectedRows: Int, leavingOutBelow minimum: Int64?, progress: SharedProgress
  ) -> Part? {
    var ledger = ledger
    ledger.reserveTransactions(expectedRows, averageIDLength: 12)
    // Hashed here, where the ids are at hand and each part has a core: the check that no id
    // repeats then only compares hashes.
    var idHashes: [UInt64] = []
    idHashes.reserveCapacity(expectedRows * (minimum == nil ? 1 : 3))
    var leftOut = 0
    let read = readRows(
      csv, columns: columns, reader: reader, keepingMerchants: ledger.keepsMerchants,
      leavingOutBelow: minimum, progress: { progress.add(rows: $0, bytes: $1) },
      batch: { batch, leaving in
        if let leaving {
          idHashes.append(contentsOf: leaving.idHashes)
          leftOut += leaving.count
        } else {
          IDHash.append(hashesOf: batch.ids, to: &idHashes)
        }
        ledger.appendTransactions(batch)
      },
      row: { parsed, id in
        idHashes.append(IDHash.of(id))
        if let minimum, parsed.amount.minorUnits < minimum {
          leftOut += 1
          return
        }
        ledger.appendTransaction(
          id: id, card: parsed.card, time: parsed.time, amount: parsed.amount,
          currency: parsed.currency, method: parsed.method, status: parsed.status,
          refunded: parsed.refunded, enrollment: parsed.enrollment, mcc: parsed.mcc,
          merchant: parsed.merchant)
      })
    return read ? Part(ledger: ledger, leftOut: leftOut, idHashes: idHashes) : nil
  }

  /// Reads the rows of one part of a transactions file in order: plain rows a batch at a time
  /// (`PendingRows`, so that their cards are looked up together) given to `batch`, any other
  /// row read by the ordinary parser and given to `row`, after the batch before it. `progress`
  /// is told the rows and bytes read every 65,536 rows and at the end. With `keepingMerchants`,
  /// batches hold their rows' merchants too. With `minimum` (minor units), a plain row whose
  /// amount is below it is checked (its card, the enrollment it names) but left out of its
  /// batch, which then comes with what was left out (`LeftOutRows`: how many, and the hash of
  /// every row's id, kept or not); rows given to `row` are all given. False at the first
  /// problem of any kind: the caller then reads the file the ordinary way.
  static func readRows(
    _ csv: CSVScanner, columns: CSVColumns, reader: LedgerTransactionReader,
    keepingMerchants: Bool, leavingOutBelow minimum: Int64? = nil,
    progress: (_ rows: Int, _ bytes: Int) -> Void,
    batch: (PlainRowColumns.Batch, LeftOutRows?) -> Void,
    row: (ParsedTransaction, UnsafeRawBufferPointer) -> Void
  ) -> Bool {
    var bytesReported = 0
    var pending = PendingRows(keepingMerchants: keepingMerchants, leavingOutBelow: minimum)
    defer {
      pending.discard()
      pending.deallocate()
    }
    var rows = 0
    do throws(InputError) {
      let width = columns.width
      let tableColumns = reader.rows.columns
      while true {
        let next: CSVRawFields?
        do { next = try csv.next() } catch { return false }
        guard let fields = next else { break }
        guard fields.count == width else { return false }
        let parsed = reader.plainTransaction(fields, lookingUpEnrollment: false)
        if let parsed {
          pending.add(
            parsed, card: fields[tableColumns.card],
            enrollment: fields.nonEmpty(tableColumns.enrollment), id: fields[tableColumns.id],
            merchant: keepingMerchants ? fields.nonEmpty(tableColumns.merchant) : nil)
        }
        if parsed == nil || pending.isFull {
          guard pending.flush(cards: reader.cards, enrollments: reader.enrollments, batch)
          else { return false }
        }
        if parsed == nil {
          try reader.read(CSVRow(record: csv.currentRecord(), columns: columns), row)
        }
        rows += 1
        if rows & 0xFFFF == 0 {
          progress(0x10000, csv.bytesRead - bytesReported)
          bytesReported = csv.bytesRead
        }
      }
    } catch {
      return false
    }
    guard pending.flush(cards: reader.cards, enrollments: reader.enrollments, batch) else {
      return false
    }
    progress(rows & 0xFFFF, csv.bytesRead - bytesReported)
    return true
  }
}

/// Plain rows (in CNY, paid with Apple Pay, settled, as nearly every row of a bank's file is)
/// kept column by column in buffers of fixed size until they are handed on together as a
/// `Batch`: a ledger grows each column once per batch (`Ledger.appendTransactions(_:)`), where
/// appending row by row grew every column for every row. A struct with methods to call, not a
/// class with a deinitialiser: a class's stored properties are checked for exclusive access at
/// run time on every row.
struct PlainRowColumns {
  /// A batch of plain rows, column by column: valid only while it is handed on.
  struct Batch {
    /// The rows' ids.
    let ids: IdentifierArena
    /// Each row's card entry.
    let cards: UnsafeBufferPointer<Int32>
    /// Each row's time, nanoseconds since the epoch.
    let times: UnsafeBufferPointer<Int64>
    /// Each row's amount in minor units.
    let amounts: UnsafeBufferPointer<Int64>
    /// Each row's amount refunded in minor units.
    let refunded: UnsafeBufferPointer<Int64>
    /// Each row's named enrollment entry, or -1.
    let enrollments: UnsafeBufferPointer<Int32>
    /// Each row's merchant category code, or -1.
    let mcc: UnsafeBufferPointer<Int16>
    /// Each row's merchant (empty when none), when kept.
    let merchants: IdentifierArena?
  }

  /// Rows the buffers hold at most.
  let capacity: Int
  /// Rows kept.
  private(set) var count = 0
  private var ids = IdentifierArena()
  /// Each row's card entry, filled by the caller (`add` leaves it), as `PendingRows` looks the
  /// cards up only once a batch is full.
  let cards: UnsafeMutableBufferPointer<Int32>
  private let times: UnsafeMutableBufferPointer<Int64>
  private let amounts: UnsafeMutableBufferPointer<Int64>
  private let refunded: UnsafeMutableBufferPointer<Int64>
  /// Each row's named enrollment entry, or -1; set again by `PendingRows` once looked up.
  let enrollments: UnsafeMutableBufferPointer<Int32>
  private let mcc: UnsafeMutableBufferPointer<Int16>
  private var merchants = IdentifierArena()
  private let keepsMerchants: Bool

  /// No rows, with room for `capacity`; keeping the rows' merchants only when asked, so that a
  /// batch whose promotion reads none copies no more bytes than before.
  init(capacity: Int, keepingMerchants: Bool) {
    self.capacity = capacity
    keepsMerchants = keepingMerchants
    cards = .allocate(capacity: capacity)
    times = .allocate(capacity: capacity)
    amounts = .allocate(capacity: capacity)
    refunded = .allocate(capacity: capacity)
    enrollments = .allocate(capacity: capacity)
    mcc = .allocate(capacity: capacity)
    ids.reserveCapacity(capacity, averageLength: 16)
    if keepingMerchants { merchants.reserveCapacity(capacity, averageLength: 16) }
  }

  /// Frees the buffers (their elements are plain values).
  func deallocate() {
    cards.deallocate()
    times.deallocate()
    amounts.deallocate()
    refunded.deallocate()
    enrollments.deallocate()
    mcc.deallocate()
  }

  /// Whether the buffers are full.
  var isFull: Bool { count == capacity }

  /// Keeps a row's values, its id's bytes and, when kept, its merchant's (nil: none); its card
  /// is `cards[count]`, which the caller sets.
  @inline(__always)
  mutating func add(
    time: Int64, amount: Int64, refunded refundedAmount: Int64, enrollment: Int32, mcc code: Int16,
    id: UnsafeRawBufferPointer, merchant: UnsafeRawBufferPointer?
  ) {
    precondition(count < capacity, "a full batch")
    times[count] = time
    amounts[count] = amount
    refunded[count] = refundedAmount
    enrollments[count] = enrollment
    mcc[count] = code
    ids.append(id)
    if keepsMerchants { merchants.append(merchant ?? UnsafeRawBufferPointer(start: nil, count: 0)) }
    count += 1
  }

  /// The rows kept, valid until they change.
  var batch: Batch {
    Batch(
      ids: ids, cards: UnsafeBufferPointer(cards.extracting(0..<count)),
      times: UnsafeBufferPointer(times.extracting(0..<count)),
      amounts: UnsafeBufferPointer(amounts.extracting(0..<count)),
      refunded: UnsafeBufferPointer(refunded.extracting(0..<count)),
      enrollments: UnsafeBufferPointer(enrollments.extracting(0..<count)),
      mcc: UnsafeBufferPointer(mcc.extracting(0..<count)),
      merchants: keepsMerchants ? merchants : nil)
  }

  /// Forgets the rows, keeping the room.
  mutating func removeAll() {
    count = 0
    ids.removeAll()
    merchants.removeAll()
  }
}

/// What a batch of rows left out (see `TransactionParts.readRows`), valid while handed on.
struct LeftOutRows {
  /// How many rows of the batch were left out.
  let count: Int
  /// The hash (`IDHash`) of every row's id, kept or left out, in order.
  let idHashes: UnsafeBufferPointer<UInt64>
}

extension Ledger {
  /// Appends the rows of `batch`, all in CNY, paid with Apple Pay and settled.
  mutating func appendTransactions(_ batch: PlainRowColumns.Batch) {
    appendTransactions(
      ids: batch.ids, cards: batch.cards, times: batch.times, amounts: batch.amounts,
      refunded: batch.refunded, enrollments: batch.enrollments, mcc: batch.mcc, currency: .cny,
      method: .applePay, status: .settled, merchants: batch.merchants)
  }
}

/// Plain rows read but not yet handed on, so that their cards and the enrollments they name are
/// looked up together (`IDLookup.entries(of:keys:into:)`): each lookup is a likely cache miss,
/// and a batch of them overlaps. Rows keep their order: a row that is not plain is read only
/// after the batch before it is handed on. Rows below a minimum amount, when given one, are
/// checked with the others but never copied into the batch: only their ids' hashes are kept.
struct PendingRows {
  /// The rows kept, column by column.
  private var columns: PlainRowColumns
  /// The least amount kept, in minor units, or nil: every row kept.
  private let minimum: Int64?
  /// Rows waiting, kept or not.
  private var rowCount = 0
  /// Of those, rows left out.
  private var leftOutCount = 0
  /// Each waiting row's place among the rows kept, or -1 when left out (with a minimum only).
  private let keptIndex: UnsafeMutableBufferPointer<Int32>
  /// Each waiting row's id hash (with a minimum only: without one, the batch holds every id).
  private let idHashes: UnsafeMutableBufferPointer<UInt64>
  /// Each waiting row's card entry, once looked up (with a minimum only: without one, the
  /// entries go straight into the kept rows' column).
  private let foundCards: UnsafeMutableBufferPointer<Int32>
  /// The rows' card ids (as much as their keys need kept: `bytesToKeep`) and their keys.
  private var cardIDs = IdentifierArena()
  private let cardKeys: UnsafeMutableBufferPointer<IDLookup.Key>
  /// The rows that name an enrollment: how many, which, and the enrollments' ids (as
  /// `cardIDs`) and keys.
  private var namingCount = 0
  private let naming: UnsafeMutableBufferPointer<Int32>
  private var enrollmentIDs = IdentifierArena()
  private let enrollmentKeys: UnsafeMutableBufferPointer<IDLookup.Key>
  private let namedEntries: UnsafeMutableBufferPointer<Int32>

  /// No rows, with room for a batch, keeping the rows' merchants only when asked, and leaving
  /// out rows whose amount is below `minimum` (minor units) when given.
  init(keepingMerchants: Bool, leavingOutBelow minimum: Int64? = nil) {
    let capacity = IDLookup.batchSize
    self.minimum = minimum
    columns = PlainRowColumns(capacity: capacity, keepingMerchants: keepingMerchants)
    let leaving = minimum == nil ? 0 : capacity
    keptIndex = .allocate(capacity: leaving)
    idHashes = .allocate(capacity: leaving)
    foundCards = .allocate(capacity: leaving)
    cardKeys = .allocate(capacity: capacity)
    naming = .allocate(capacity: capacity)
    enrollmentKeys = .allocate(capacity: capacity)
    namedEntries = .allocate(capacity: capacity)
    enrollmentIDs.reserveCapacity(capacity, averageLength: 16)
    cardIDs.reserveCapacity(capacity, averageLength: 16)
  }

  /// Frees the buffers; the rows must have been flushed.
  func deallocate() {
    precondition(rowCount == 0, "rows not flushed")
    columns.deallocate()
    keptIndex.deallocate()
    idHashes.deallocate()
    foundCards.deallocate()
    cardKeys.deallocate()
    naming.deallocate()
    enrollmentKeys.deallocate()
    namedEntries.deallocate()
  }

  /// Forgets the rows waiting, as when the part is given up.
  mutating func discard() {
    rowCount = 0
    leftOutCount = 0
    namingCount = 0
    columns.removeAll()
    cardIDs.removeAll()
    enrollmentIDs.removeAll()
  }

  /// Whether a batch's worth of rows is waiting.
  var isFull: Bool { rowCount == cardKeys.count }

  /// Keeps a row (or, below the minimum, its id's hash alone), its card id's bytes, the bytes
  /// of the enrollment id it names (if any), its id's bytes and, when kept, its merchant's (an
  /// absent column: nil) until `flush`.
  mutating func add(
    _ row: PlainTransaction, card: UnsafeRawBufferPointer, enrollment: UnsafeRawBufferPointer?,
    id: UnsafeRawBufferPointer, merchant: UnsafeRawBufferPointer?
  ) {
    let index = rowCount
    precondition(index < cardKeys.count, "a full batch")
    rowCount += 1
    if let enrollment {
      naming[namingCount] = Int32(index)
      let key = IDLookup.Key(enrollment)
      enrollmentKeys.initializeElement(at: namingCount, to: key)
      enrollmentIDs.append(key.bytesToKeep(of: enrollment))
      namingCount += 1
    }
    let key = IDLookup.Key(card)
    cardKeys.initializeElement(at: index, to: key)
    cardIDs.append(key.bytesToKeep(of: card))
    if let minimum {
      idHashes[index] = IDHash.of(id)
      guard row.amount >= minimum else {
        keptIndex[index] = -1
        leftOutCount += 1
        return
      }
      keptIndex[index] = Int32(columns.count)
    }
    columns.add(
      time: row.time, amount: row.amount, refunded: row.refunded, enrollment: row.enrollment,
      mcc: row.mcc, id: id, merchant: merchant)
  }

  /// Looks up every row's card and named enrollment and hands the rows kept to `body`, with
  /// what was left out when there is a minimum; false, with nothing handed on, when one is
  /// unknown: the caller then gives up on this part.
  mutating func flush(
    cards lookup: IDLookup, enrollments enrollmentLookup: IDLookup.Deferred,
    _ body: (PlainRowColumns.Batch, LeftOutRows?) -> Void
  ) -> Bool {
    let rows = rowCount
    guard rows > 0 else { return true }
    // Whether handed on or not, the rows are done with.
    defer { discard() }
    // Without a minimum every row is kept, in order: the entries go straight to their column.
    let cards = (minimum == nil ? columns.cards : foundCards).extracting(0..<rows)
    lookup.entries(
      of: cardIDs, keys: UnsafeBufferPointer(cardKeys.extracting(0..<rows)), into: cards)
    let named = namingCount
    let found = namedEntries.extracting(0..<named)
    if named > 0 {
      enrollmentLookup.lookup.entries(
        of: enrollmentIDs, keys: UnsafeBufferPointer(enrollmentKeys.extracting(0..<named)),
        into: found)
    }
    guard !cards.contains(-1), !found.contains(-1) else { return false }
    guard minimum != nil else {
      for position in 0..<named { columns.enrollments[Int(naming[position])] = found[position] }
      body(columns.batch, nil)
      return true
    }
    for row in 0..<rows where keptIndex[row] >= 0 {
      columns.cards[Int(keptIndex[row])] = cards[row]
    }
    for position in 0..<named {
      let kept = keptIndex[Int(naming[position])]
      if kept >= 0 { columns.enrollments[Int(kept)] = found[position] }
    }
    body(
      columns.batch,
      LeftOutRows(
        count: leftOutCount, idHashes: UnsafeBufferPointer(idHashes.extracting(0..<rows))))
    return true
  }
}

/// Rows and bytes read by all the parts of a file read at once, shown on one progress line
/// (also the pieces a batch in parts partitions at once).
final class SharedProgress: @unchecked Sendable {
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
