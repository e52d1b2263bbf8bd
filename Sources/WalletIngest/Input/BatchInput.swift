import WalletCore

/// The three input files of a batch, read into a ledger and cross-checked: every card an
/// enrollment or transaction names exists, every enrollment a transaction names exists, and no
/// id repeats.
///
/// Rows take a fast path straight from the CSV bytes (`CardRowReader`, `EnrollmentRowReader`,
/// `TransactionRowReader`), and large files are read in parts, one per core at a time (`FileParts`). A row
/// that is in any way unusual is handed to the ordinary row parser, and a file with any problem
/// is read again row by row, which reports exactly what is wrong: one set of rules and messages.
package struct BatchInput {
  /// The cards, enrollments and transactions read.
  package var ledger = Ledger()
  /// The rows left out, when asked to skip invalid rows.
  package var skipped = SkippedRows()

  /// Reads the files in dependency order. Instants written without an offset are read in `zone`.
  /// `progress` is given the transactions file's size and returns what to tell how far its
  /// read has got, if anything.
  package static func load(
    cards cardsPath: String, enrollments enrollmentsPath: String,
    transactions transactionsPath: String, naiveIn zone: TimeZoneRules, skipInvalid: Bool,
    progress: (_ totalBytes: Int) -> (any ReadProgress)?
  ) throws(FileFailure) -> BatchInput {
    // Open all three first, so that a missing file is reported before any work is done.
    let cardsFile = try InputFile(path: cardsPath)
    let enrollmentsFile = try InputFile(path: enrollmentsPath)
    let transactionsFile = try InputFile(path: transactionsPath)
    var input = BatchInput()
    let loader = LedgerLoader(cardsPath: cardsPath, enrollmentsPath: enrollmentsPath, zone: zone)

    if !loader.addCardsInHalves(cardsFile, to: &input.ledger) {
      try RowFileReader(kind: .cards, file: cardsFile, skipInvalid: skipInvalid)
        .forEachRow(skipped: &input.skipped) { (row) throws(InputError) in
          try loader.addCard(row, to: &input.ledger)
        }
    }
    if !loader.addEnrollmentsInHalves(enrollmentsFile, to: &input.ledger) {
      try RowFileReader(kind: .enrollments, file: enrollmentsFile, skipInvalid: skipInvalid)
        .forEachRow(skipped: &input.skipped) { (row) throws(InputError) in
          try loader.addEnrollment(row, to: &input.ledger)
        }
    }
    let progress = progress(transactionsFile.size)
    if let whole = TransactionParts.load(
      file: transactionsFile, reader: loader.transactionReader(columns:), ledger: input.ledger,
      progress: progress, rowsRead: loader.forgetLookups)
    {
      input.ledger = whole
      return input
    }
    loader.rememberLookups(of: input.ledger)
    loader.expectTransactions(fileSize: transactionsFile.size)
    input.ledger.reserveTransactions(transactionsFile.size / 80, averageIDLength: 12)
    try RowFileReader(
      kind: .transactions, file: transactionsFile, skipInvalid: skipInvalid, progress: progress
    )
    .forEachRow(skipped: &input.skipped) { (row) throws(InputError) in
      try loader.addTransaction(row, to: &input.ledger)
    }
    return input
  }
}

/// Builds a ledger row by row, keeping the indexes that resolve ids to entries.
package final class LedgerLoader {
  let cardsPath: String
  let enrollmentsPath: String
  let zone: TimeZoneRules
  private var cards = IDLookup()
  private var cardLines: [Int32] = []
  private var enrollments = IDLookup()
  private var enrollmentLines: [Int32] = []
  private var transactions = ByteStringIndex(expectedCount: 1 << 16)
  private var transactionLines: [Int32] = []
  private var transactionReader: LedgerTransactionReader?
  private var cardRows: CardRowReader?
  private var enrollmentRows: EnrollmentRowReader?

  /// A loader of the files named `cardsPath` and `enrollmentsPath` (for messages), reading
  /// instants without an offset in `zone`.
  package init(cardsPath: String, enrollmentsPath: String, zone: TimeZoneRules) {
    self.cardsPath = cardsPath
    self.enrollmentsPath = enrollmentsPath
    self.zone = zone
  }

  /// Adds the card of `row`, which must be new.
  package func addCard(_ row: CSVRow, to ledger: inout Ledger) throws(InputError) {
    if cardRows == nil { cardRows = CardRowReader(ColumnPositions(row.columns)) }
    let card: Card
    if let fast = cardRows?.card(row) { card = fast } else { card = try row.card() }
    if let existing = cards.insert(card.id) {
      throw row.error(
        in: "card",
        "card \(SafeText.quoted(card.id.rawValue)) is listed twice "
          + "(first on line \(cardLines[Int(existing)]))")
    }
    ledger.append(card)
    cardLines.append(Int32(row.line))
  }

  /// Adds the enrollment of `row`, which must be new and of a card added before.
  package func addEnrollment(_ row: CSVRow, to ledger: inout Ledger) throws(InputError) {
    if enrollmentRows == nil {
      enrollmentRows = EnrollmentRowReader(
        ColumnPositions(row.columns), cards: cards,
        zone: zone)
    }
    let enrollment: Enrollment
    if let fast = enrollmentRows?.enrollment(row)?.enrollment {
      enrollment = fast
    } else {
      enrollment = try row.enrollment(naiveIn: zone)
    }
    guard let card = cards.entry(of: enrollment.card.rawValue) else {
      throw row.error(
        in: "card", "card \(SafeText.quoted(enrollment.card.rawValue)) is not in \(cardsPath)")
    }
    if let existing = enrollments.insert(enrollment.id) {
      throw row.error(
        in: "id",
        "enrollment \(SafeText.quoted(enrollment.id.rawValue)) is listed twice "
          + "(first on line \(enrollmentLines[Int(existing)]))")
    }
    ledger.append(enrollment, card: card)
    enrollmentLines.append(Int32(row.line))
  }

  /// Lets the card and enrollment lookups go, once the parts of a transactions file are read:
  /// tens of megabytes with hundreds of thousands of cards.
  func forgetLookups() {
    cards = IDLookup()
    enrollments = IDLookup()
    transactionReader = nil
  }

  /// Makes the lookups again, if forgotten, for reading the transactions row by row.
  func rememberLookups(of ledger: Ledger) {
    guard cards.count < ledger.cards.count || enrollments.count < ledger.enrollments.count else {
      return
    }
    guard let cards = IDLookup(uniqueIn: ledger.cards, [], id: { $0.id }),
      let enrollments = IDLookup(uniqueIn: ledger.enrollments, [], id: { $0.id })
    else { preconditionFailure("ids checked unique are repeated") }
    self.cards = cards
    self.enrollments = enrollments
    transactionReader = nil
  }

  /// Sizes the transaction index for a file of `bytes` bytes, so it rarely has to grow.
  package func expectTransactions(fileSize bytes: Int) {
    transactions = ByteStringIndex(expectedCount: max(16, bytes / 64))
  }

  /// Reads a large cards file as two halves at once; false (and nothing added) when the file
  /// is small or anything in it needs the ordinary, row-by-row read.
  func addCardsInHalves(_ file: InputFile, to ledger: inout Ledger) -> Bool {
    guard
      let (first, second) = FileParts.read(
        file, kind: .cards,
        { csv, columns, bytes -> [Card]? in
          var reader = CardRowReader(ColumnPositions(columns))
          var cards: [Card] = []
          // Room for the rows of `bytes` bytes at the shortest plausible row, so that the
          // array does not grow by copying: unused room is never touched, so never resident.
          cards.reserveCapacity(bytes / Self.shortestCardRow)
          // Records straight from the reader, without a row value each: anything unusual,
          // a short row included, sends the file to the ordinary reading.
          do throws(CSVSyntaxError) {
            while let record = try csv.next() {
              guard record.count == columns.width,
                let card = record.withRawFields({ reader.card($0) })
              else { return nil }
              cards.append(card)
            }
          } catch {
            return nil
          }
          return cards
        })
    else { return false }
    guard let lookup = IDLookup(uniqueIn: first, second, id: { $0.id }), lookup.count > 0 else {
      return false
    }
    cards = lookup
    // The first half was sized for the whole file: the ledger takes it and appends the second.
    ledger.append(contentsOf: consume first)
    ledger.append(contentsOf: consume second)
    return true
  }

  /// The fewest bytes a card row is assumed to take (`C1,H1,visa,credit,,,` and a line break):
  /// an estimate for sizing, never a limit.
  private static let shortestCardRow = 24

  /// The fewest bytes an enrollment row is assumed to take, as for `shortestCardRow`.
  private static let shortestEnrollmentRow = 32

  /// Reads a large enrollments file as two halves at once, like `addCardsInHalves`.
  func addEnrollmentsInHalves(_ file: InputFile, to ledger: inout Ledger) -> Bool {
    let lookup = cards
    let zone = self.zone
    guard
      let (first, second) = FileParts.read(
        file, kind: .enrollments,
        { csv, columns, bytes -> EnrollmentHalf? in
          var reader = EnrollmentRowReader(ColumnPositions(columns), cards: lookup, zone: zone)
          var enrollments: [Enrollment] = []
          enrollments.reserveCapacity(bytes / Self.shortestEnrollmentRow)
          // Cards are looked up once the half is read, a batch at a time, so that the cache
          // misses of their lookups overlap.
          var cardIDs = IdentifierArena()
          var keys: [IDLookup.Key] = []
          do throws(CSVSyntaxError) {
            while let record = try csv.next() {
              guard record.count == columns.width else { return nil }
              let read = record.withRawFields { fields -> Bool in
                guard let enrollment = reader.plainEnrollment(fields) else { return false }
                let card = fields[reader.cardColumn]
                enrollments.append(enrollment)
                cardIDs.append(card)
                keys.append(IDLookup.Key(card))
                return true
              }
              guard read else { return nil }
            }
          } catch {
            return nil
          }
          var cards = [Int32](repeating: -1, count: enrollments.count)
          keys.withUnsafeBufferPointer { keys in
            cards.withUnsafeMutableBufferPointer { cards in
              for start in stride(from: 0, to: keys.count, by: IDLookup.batchSize) {
                let range = start..<min(keys.count, start + IDLookup.batchSize)
                lookup.entries(
                  of: cardIDs, startingAt: start, keys: UnsafeBufferPointer(rebasing: keys[range]),
                  into: UnsafeMutableBufferPointer(rebasing: cards[range]))
              }
            }
          }
          guard !cards.contains(-1) else { return nil }
          return EnrollmentHalf(enrollments: enrollments, cards: cards)
        })
    else { return false }
    guard
      let enrollmentLookup = IDLookup(
        uniqueIn: first.enrollments, second.enrollments, id: { $0.id }),
      enrollmentLookup.count > 0
    else { return false }
    enrollments = enrollmentLookup
    let (firstEnrollments, firstCards) = (first.enrollments, first.cards)
    let (secondEnrollments, secondCards) = (second.enrollments, second.cards)
    _ = consume first
    _ = consume second
    ledger.append(contentsOf: consume firstEnrollments, cards: consume firstCards)
    ledger.append(contentsOf: consume secondEnrollments, cards: consume secondCards)
    return true
  }

  /// Reads transaction rows against the cards and enrollments read so far; made after the last
  /// enrollment, since it copies their lookups, and again if they were forgotten and made
  /// again.
  func transactionReader(columns: CSVColumns) -> LedgerTransactionReader {
    if let transactionReader, transactionReader.rows.columns.width == columns.width {
      return transactionReader
    }
    let made = LedgerTransactionReader(
      rows: TransactionRowReader(columns, naiveIn: zone), cardsPath: cardsPath,
      enrollmentsPath: enrollmentsPath, cards: cards, enrollments: enrollments)
    transactionReader = made
    return made
  }

  /// Adds the transaction of `row`, which must be new and name cards and enrollments added
  /// before.
  package func addTransaction(_ row: CSVRow, to ledger: inout Ledger) throws(InputError) {
    let reader = transactionReader(columns: row.columns)
    try reader.read(row) { (parsed, id) throws(InputError) in
      try append(parsed, id: id, row: row, to: &ledger)
    }
  }

  private func append(
    _ parsed: ParsedTransaction, id: UnsafeRawBufferPointer, row: CSVRow, to ledger: inout Ledger
  ) throws(InputError) {
    let hash = ByteStringIndex.hash(id)
    // Borrowing the arena through `ledger` (not a copy of it) keeps the append below from
    // copying every id so far.
    if let duplicate = transactions.find(
      hash: hash, matches: { ledger.transactionIDs.equals(Int($0), id) })
    {
      throw row.error(
        in: "id",
        "transaction \(SafeText.quoted(String(decoding: id, as: UTF8.self), masksCardNumbers: false)) "
          + "is listed twice (first on line \(transactionLines[Int(duplicate)]))")
    }
    transactions.append(hash: hash)
    ledger.appendTransaction(
      id: id, card: parsed.card, time: parsed.time, amount: parsed.amount,
      currency: parsed.currency, method: parsed.method, status: parsed.status,
      refunded: parsed.refunded, enrollment: parsed.enrollment, mcc: parsed.mcc)
    transactionLines.append(Int32(row.line))
  }
}

/// The enrollments of one half of a file, and the index of each one's card.
private struct EnrollmentHalf: Sendable {
  var enrollments: [Enrollment]
  var cards: [Int32]
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
