import Dispatch
import WalletCore

/// The three input files of a batch, read into a ledger and cross-checked: every card an
/// enrollment or transaction names exists, every enrollment a transaction names exists, and no
/// id repeats.
///
/// Rows take a fast path straight from the CSV bytes (`CardRowReader`, `EnrollmentRowReader`,
/// `TransactionRowReader`), and large files are read in parts, one per core at a time
/// (`FileParts`). A row that is in any way unusual is handed to the ordinary row parser, and a
/// file with any problem is read again row by row, which reports exactly what is wrong: one set
/// of rules and messages.
package struct BatchInput {
  /// The cards, enrollments and transactions read.
  package var ledger = Ledger()
  /// The rows left out, when asked to skip invalid rows.
  package var skipped = SkippedRows()
  /// The files read, open, to check before the outputs are made visible that none changed
  /// while it was read (`checkUnchanged`).
  package var files: [InputFile] = []
  /// The transaction rows read and checked but not kept in `ledger`, as none of them could earn
  /// (`load(...leavingOutBelow:...)`).
  package var transactionsLeftOut = 0
  /// What the engine works out from the cards and enrollments alone, when `load` was asked to
  /// prepare it and could do so on a core that was free (`load(...preparingCardsFor:...)`).
  package var preparedCards: PreparedCards?

  /// Throws, naming the file, when an input changed while the run read it (truncated or
  /// rewritten): the decisions would be of half a file.
  package func checkUnchanged() throws(FileError) {
    for file in files { try file.checkUnchanged() }
  }

  /// The first input, in the order read, whose every row was skipped as invalid: nothing of
  /// it is used.
  package private(set) var fileWithEveryRowSkipped: String?

  /// Throws, naming the first such file, when every row of an input was skipped: a run that
  /// uses nothing of a file decides from a mistake (SPEC 4, exit status 65). Called once the
  /// skipped rows are reported, before any output is written.
  package func checkEachFileUsed() throws(FileError) {
    if let path = fileWithEveryRowSkipped { throw .everyRowSkipped(path: path) }
  }

  /// Notes that `path` kept `kept` rows after skipping those `skipped` holds past `before`.
  mutating func noteRows(of path: String, kept: Int, skippedBefore before: Int) {
    if fileWithEveryRowSkipped == nil && kept == 0 && skipped.count > before {
      fileWithEveryRowSkipped = path
    }
  }

  /// Reads the files in dependency order. Instants written without an offset are read in `zone`.
  /// `progress` is given the transactions file's size and returns what to tell how far its
  /// read has got, if anything. A file of `smallestFileInParts` bytes or more is read in parts
  /// at once (`FileParts`). With `keepingMerchants` (`keepsMerchants(under:)`), the ledger
  /// keeps every transaction's merchant, which only a promotion listing merchants reads: other
  /// batches do not pay for the bytes. `text` gives each file's text as UTF-8 (SPEC 4), before
  /// any of it is read (see `loadCardsAndEnrollments`). With `minimum` (minor units), a large
  /// transactions file read in parts keeps no row whose amount is below it, once the row is
  /// read and checked (`transactionsLeftOut` counts them): for a batch that writes only the
  /// rewards, under a promotion for which such purchases change nothing
  /// (`RewardEngine.leastAmountThatCanEarn(under:)`). A file read row by row keeps every row.
  /// With `preparing`, a large transactions file read in parts also sets `preparedCards` under
  /// that promotion, worked out on the first core to run out of parts, which would otherwise
  /// wait for the last one.
  package static func load(
    cards cardsPath: String, enrollments enrollmentsPath: String,
    transactions transactionsPath: String, naiveIn zone: TimeZoneRules, skipInvalid: Bool,
    keepingMerchants: Bool = false, smallestFileInParts: Int = FileParts.minimumFileSize,
    text: (InputFile) throws(FileError) -> InputFile = { try $0.decodedAtFirstSight().file },
    leavingOutBelow minimum: Int64? = nil, preparingCardsFor promotion: Promotion? = nil,
    progress: (_ totalBytes: Int) -> (any ReadProgress)?
  ) throws(FileError) -> BatchInput {
    let (loaded, loader, transactionsFile) = try loadCardsAndEnrollments(
      cards: cardsPath, enrollments: enrollmentsPath, transactions: transactionsPath,
      naiveIn: zone, skipInvalid: skipInvalid, keepingMerchants: keepingMerchants,
      smallestFileInParts: smallestFileInParts, text: text)
    var input = loaded
    let progress = progress(transactionsFile.size)
    let preparing = promotion.map { CardsPreparation(input.ledger, promotion: $0) }
    let read = TransactionParts.load(
      file: transactionsFile, smallest: smallestFileInParts,
      reader: loader.transactionReader(columns:), ledger: input.ledger,
      leavingOutBelow: minimum, progress: progress, alongside: preparing?.start,
      rowsRead: loader.forgetLookups)
    // Made from the cards and enrollments alone, so still theirs when the transactions are
    // read again row by row.
    input.preparedCards = preparing?.prepared
    if let read {
      input.ledger = read.ledger
      input.transactionsLeftOut = read.leftOut
      return input
    }
    loader.rememberLookups(of: input.ledger)
    input.ledger.reserveTransactions(transactionsFile.size / 80, averageIDLength: 12)
    let before = input.skipped.count
    try loader.readTransactions(
      RowFileReader(
        kind: .transactions, file: transactionsFile, skipInvalid: skipInvalid, progress: progress),
      into: &input.ledger, skipped: &input.skipped)
    input.noteRows(
      of: transactionsFile.path, kept: input.ledger.transactionCount, skippedBefore: before)
    return input
  }
}

extension BatchInput {
  /// Whether a batch under `promotion` must keep each transaction's merchant: only a
  /// `merchants` list (SPEC 8) reads them.
  package static func keepsMerchants(under promotion: Promotion) -> Bool {
    promotion.merchants != nil
  }

  /// Opens the three files and reads the cards and enrollments, as `load` does before the
  /// transactions: the input so far (its ledger keeping merchants with `keepingMerchants`),
  /// the loader that goes on to read transactions against them, and the transactions file,
  /// open. Each file is read as the text `text` gives, UTF-8: by default the file itself when
  /// it is UTF-8 at first sight, else converted from GB18030 (`decodedAtFirstSight()`).
  package static func loadCardsAndEnrollments(
    cards cardsPath: String, enrollments enrollmentsPath: String,
    transactions transactionsPath: String, naiveIn zone: TimeZoneRules, skipInvalid: Bool,
    keepingMerchants: Bool = false, smallestFileInParts: Int = FileParts.minimumFileSize,
    text: (InputFile) throws(FileError) -> InputFile = { try $0.decodedAtFirstSight().file }
  ) throws(FileError) -> (BatchInput, LedgerLoader, InputFile) {
    // Open all three first, so that a missing file is reported before any work is done.
    let opened = [
      try InputFile(path: cardsPath), try InputFile(path: enrollmentsPath),
      try InputFile(path: transactionsPath),
    ]
    // Each file's encoding is found once, before it is read in one pass or in parts: a file
    // that is not UTF-8 is converted whole, so that every reader reads UTF-8.
    var decoded: [InputFile] = []
    for file in opened { decoded.append(try text(file)) }
    let (cardsFile, enrollmentsFile, transactionsFile) = (decoded[0], decoded[1], decoded[2])
    var input = BatchInput()
    // Every ledger the transactions are read into starts as a copy of this one (a part of the
    // file, a partition), and so keeps merchants when it does.
    if keepingMerchants { input.ledger.keepMerchants() }
    input.files = [cardsFile, enrollmentsFile, transactionsFile]
    let loader = LedgerLoader(cardsPath: cardsPath, enrollmentsPath: enrollmentsPath, zone: zone)
    loader.smallestFileInParts = smallestFileInParts

    // Read in halves, a file has no row skipped: any problem sends it to the row-by-row read.
    // The halves of both files are read at once; an enrollment's card is found once the cards
    // are in.
    let (cardHalves, enrollmentHalves) = loader.readHalves(
      cards: cardsFile, enrollments: enrollmentsFile)
    if !loader.addCards(consume cardHalves, to: &input.ledger) {
      let before = input.skipped.count
      try loader.readCards(
        RowFileReader(kind: .cards, file: cardsFile, skipInvalid: skipInvalid),
        into: &input.ledger, skipped: &input.skipped)
      input.noteRows(of: cardsFile.path, kept: input.ledger.cards.count, skippedBefore: before)
    }
    if !loader.addEnrollments(consume enrollmentHalves, to: &input.ledger) {
      let before = input.skipped.count
      try loader.readEnrollments(
        RowFileReader(kind: .enrollments, file: enrollmentsFile, skipInvalid: skipInvalid),
        into: &input.ledger, skipped: &input.skipped)
      input.noteRows(
        of: enrollmentsFile.path, kept: input.ledger.enrollments.count, skippedBefore: before)
    }
    return (input, loader, transactionsFile)
  }
}

/// Builds a ledger row by row, keeping the indexes that resolve ids to entries.
package final class LedgerLoader {
  let cardsPath: String
  let enrollmentsPath: String
  let zone: TimeZoneRules
  /// The smallest cards or enrollments file read in two halves at once.
  var smallestFileInParts = FileParts.minimumFileSize
  private var cards = IDLookup()
  /// The enrollments' lookup, made when first asked for (`IDLookup.Deferred`).
  private var enrollments = IDLookup.Deferred(IDLookup())
  private var transactionReader: LedgerTransactionReader?

  /// A loader of the files named `cardsPath` and `enrollmentsPath` (for messages), reading
  /// instants without an offset in `zone`.
  package init(cardsPath: String, enrollmentsPath: String, zone: TimeZoneRules) {
    self.cardsPath = cardsPath
    self.enrollmentsPath = enrollmentsPath
    self.zone = zone
  }

  /// Reads a cards file row by row into `ledger`, which holds nothing yet: rows straight from
  /// their bytes where they are plain, else by the row parser.
  func readCards(
    _ reader: RowFileReader, into ledger: inout Ledger, skipped: inout SkippedRows
  ) throws(FileError) {
    var plain: CardRowReader?
    let rows = try FileRows.read(reader, id: \Card.id) { (row) throws(InputError) in
      if plain == nil { plain = CardRowReader(ColumnPositions(row.columns)) }
      if let card = plain?.card(row) { return card }
      return try row.card()
    }
    skipped.append(contentsOf: rows.skipped)
    guard let lookup = IDLookup(uniqueIn: rows.values, [], id: { $0.id }) else {
      preconditionFailure("ids checked unique are repeated")
    }
    cards = lookup
    ledger.append(contentsOf: rows.values)
  }

  /// Reads an enrollments file row by row into `ledger`, which holds the cards, as `readCards`
  /// reads cards; an enrollment of a card not among them is an error.
  func readEnrollments(
    _ reader: RowFileReader, into ledger: inout Ledger, skipped: inout SkippedRows
  ) throws(FileError) {
    let cards = self.cards
    var plain: EnrollmentRowReader?
    let rows = try FileRows.read(reader, id: \Enrollment.id) { (row) throws(InputError) in
      if plain == nil {
        plain = EnrollmentRowReader(ColumnPositions(row.columns), cards: cards, zone: zone)
      }
      if let read = plain?.enrollment(row) { return read.enrollment }
      let enrollment = try row.enrollment(naiveIn: zone)
      guard cards.entry(of: enrollment.card.rawValue) != nil else {
        throw row.error(
          in: "card",
          .unknownReference(column: "card", id: enrollment.card.rawValue, file: cardsPath))
      }
      return enrollment
    }
    skipped.append(contentsOf: rows.skipped)
    guard let lookup = IDLookup(uniqueIn: rows.values, [], id: { $0.id }) else {
      preconditionFailure("ids checked unique are repeated")
    }
    enrollments = IDLookup.Deferred(lookup)
    // Every card was found while reading.
    let enrollmentCards = rows.values.map { cards.entry(of: $0.card.rawValue) ?? -1 }
    ledger.append(contentsOf: rows.values, cards: enrollmentCards)
  }

  /// Reads a transactions file row by row into `ledger`, which holds the cards and enrollments,
  /// straight into its columns. Repeated ids are found once the file is read (`RepeatedIDs`);
  /// when asked to skip them, the ledger is copied without them.
  func readTransactions(
    _ reader: RowFileReader, into ledger: inout Ledger, skipped: inout SkippedRows
  ) throws(FileError) {
    precondition(ledger.transactionCount == 0, "transactions read twice")
    var rowLines = RowLines(kind: .transactions, file: reader.file.path)
    var fileSkipped = SkippedRows()
    func id(_ position: Int) -> String { ledger.transactionIDs[position].rawValue }
    do throws(FileError) {
      try reader.forEachRow(skipped: &fileSkipped) { (row) throws(InputError) in
        try addTransaction(row, to: &ledger)
        rowLines.append(row)
      }
    } catch {
      if !reader.skipInvalid {
        try rowLines.refuse(
          RepeatedIDs.find(in: ledger.transactionIDs), id: id, skipInvalid: false,
          skipped: &fileSkipped)
      }
      throw error
    }
    let repeats = RepeatedIDs.find(in: ledger.transactionIDs)
    if !repeats.isEmpty {
      try rowLines.refuse(
        repeats, id: id, skipInvalid: reader.skipInvalid, skipped: &fileSkipped)
      ledger = ledger.leavingOut(repeats.map(\.position))
    }
    skipped.append(contentsOf: fileSkipped)
  }

  /// Lets the card and enrollment lookups go, once the parts of a transactions file are read:
  /// tens of megabytes with hundreds of thousands of cards.
  func forgetLookups() {
    cards = IDLookup()
    enrollments = IDLookup.Deferred(IDLookup())
    transactionReader = nil
  }

  /// Makes the lookups of the cards and enrollments of `ledger` again, if forgotten (or never
  /// made, for a ledger made elsewhere), for reading the transactions row by row.
  package func rememberLookups(of ledger: Ledger) {
    guard cards.count < ledger.cards.count || enrollments.count < ledger.enrollments.count else {
      return
    }
    guard let cards = IDLookup(uniqueIn: ledger.cards, [], id: { $0.id }),
      let enrollments = IDLookup(uniqueIn: ledger.enrollments, [], id: { $0.id })
    else { preconditionFailure("ids checked unique are repeated") }
    self.cards = cards
    self.enrollments = IDLookup.Deferred(enrollments)
    transactionReader = nil
  }

  /// Reads a large cards file and a large enrollments file as two halves each, the four at
  /// once: the cards of each half, and the enrollments of each half with their cards' ids (not
  /// yet looked up); nil for a file that is small, or anything in which needs the ordinary,
  /// row-by-row read.
  func readHalves(cards cardsFile: InputFile, enrollments enrollmentsFile: InputFile) -> (
    cards: (CardHalf, CardHalf)?, enrollments: (EnrollmentHalf, EnrollmentHalf)?
  ) {
    let zone = self.zone
    let read = FileParts.readHalves(
      cardsFile, kind: .cards,
      { csv, columns, bytes -> CardHalf? in
        var reader = CardRowReader(ColumnPositions(columns))
        var half = CardHalf()
        // Room for the rows of `bytes` bytes at the shortest plausible row, so that the
        // arrays do not grow by copying: unused room is never touched, so never resident.
        half.cards.reserveCapacity(bytes / Self.shortestCardRow)
        half.ids = IDLookup.Half(reservingCapacity: bytes / Self.shortestCardRow)
        let idColumn = reader.idColumn
        // Records straight from the scanner, without a row value each: anything unusual, a
        // short row included, sends the file to the ordinary reading.
        do throws(CSVSyntaxError) {
          while let fields = try csv.next() {
            guard fields.count == columns.width, let card = reader.card(fields) else {
              return nil
            }
            half.cards.append(card)
            half.ids.append(fields[idColumn])
          }
        } catch {
          return nil
        }
        return half
      },
      and: enrollmentsFile, kind: .enrollments,
      { csv, columns, bytes -> EnrollmentHalf? in
        // No cards to look up yet: they are found once both files are read.
        var reader = EnrollmentRowReader(ColumnPositions(columns), cards: IDLookup(), zone: zone)
        var half = EnrollmentHalf()
        let rows = bytes / Self.shortestEnrollmentRow
        half.enrollments.reserveCapacity(rows)
        half.ids = IDLookup.Half(reservingCapacity: rows)
        // The cards' ids and keys too: grown by doubling, each would be copied and its pages
        // touched about twice. Of the ids, only the ends: nearly every key holds its id whole
        // (`IDLookup.Key.bytesToKeep`).
        half.cardIDs.reserveCapacity(rows, averageLength: 0)
        half.keys.reserveCapacity(rows)
        do throws(CSVSyntaxError) {
          while let fields = try csv.next() {
            guard fields.count == columns.width,
              let enrollment = reader.plainEnrollment(fields)
            else { return nil }
            let card = fields[reader.cardColumn]
            let key = IDLookup.Key(card)
            half.enrollments.append(enrollment)
            half.cardIDs.append(key.bytesToKeep(of: card))
            half.keys.append(key)
            var id = enrollment.id.rawValue
            id.withUTF8 { half.ids.append(UnsafeRawBufferPointer($0)) }
          }
        } catch {
          return nil
        }
        return half
      }, smallest: smallestFileInParts)
    return (read.first, read.second)
  }

  /// Adds the cards of the halves `readHalves` read to `ledger`, which holds nothing yet;
  /// false (and nothing added) when there are none, or an id repeats.
  func addCards(_ halves: consuming (CardHalf, CardHalf)?, to ledger: inout Ledger) -> Bool {
    guard var (first, second) = halves else { return false }
    // Only `first` and `second` refer to the halves' arrays from here: the first half's, sized
    // for the whole file, then take the second's in place, where a second reference made each
    // append copy the whole file's cards.
    halves = nil
    var cards = first.takeCards()
    var secondCards = second.takeCards()
    // The second half's cards are appended to the first's, and their memory given back, on a
    // thread of their own while the lookup is made: the copy waited for it, and a core for it.
    let (made, _) = bothAtOnce(
      { IDLookup(uniqueIn: first.takeIDs(), second.takeIDs()) },
      {
        cards.append(contentsOf: secondCards)
        secondCards = []
      })
    guard let made, made.count > 0 else { return false }
    self.cards = made
    ledger.append(contentsOf: cards)
    return true
  }

  /// The fewest bytes a card row is assumed to take (`C1,H1,visa,credit,,,` and a line break):
  /// an estimate for sizing, never a limit.
  private static let shortestCardRow = 24

  /// The fewest bytes an enrollment row is assumed to take, as for `shortestCardRow`.
  private static let shortestEnrollmentRow = 32

  /// Adds the enrollments of the halves `readHalves` read to `ledger`, which holds the cards,
  /// each one's card looked up now, both halves at once, a batch at a time, so that the cache
  /// misses of the lookups overlap; false (and nothing added) when there are none, a card is
  /// unknown or an id repeats.
  func addEnrollments(
    _ halves: consuming (EnrollmentHalf, EnrollmentHalf)?, to ledger: inout Ledger
  ) -> Bool {
    guard var (first, second) = halves else { return false }
    // As in `addCards`: the halves' arrays taken without a copy.
    halves = nil
    let lookup = cards
    var found = [Bool](repeating: false, count: 2)
    withUnsafeMutablePointer(to: &first) { first in
      withUnsafeMutablePointer(to: &second) { second in
        let pointers = SendableHalfPointers(first: first, second: second)
        found.withUnsafeMutableBufferPointer { found in
          let found = UnsafeSendableBuffer(found)
          DispatchQueue.concurrentPerform(iterations: 2) { index in
            let half = index == 0 ? pointers.first : pointers.second
            found.buffer[index] = half.pointee.lookUpCards(in: lookup)
          }
        }
      }
    }
    let (firstIDs, secondIDs) = (first.takeIDs(), second.takeIDs())
    guard found[0] && found[1], firstIDs.keys.count + secondIDs.keys.count > 0 else {
      return false
    }
    // As in `addCards`: the halves joined, and the second's memory given back, on a thread of
    // their own while the ids are checked unique.
    var taken = first.takeEnrollments()
    var secondTaken = second.takeEnrollments()
    let (repeats, _) = bothAtOnce(
      { IDLookup.repeatsAnID(firstIDs, secondIDs) },
      {
        taken.enrollments.append(contentsOf: secondTaken.enrollments)
        taken.cards.append(contentsOf: secondTaken.cards)
        secondTaken = ([], [])
      })
    guard !repeats else { return false }
    enrollments = IDLookup.Deferred(checkedUnique: firstIDs, secondIDs)
    ledger.append(contentsOf: taken.enrollments, cards: taken.cards)
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

  /// Adds the transaction of `row`, which must name cards and enrollments added before; its id
  /// is not checked against the others'.
  package func addTransaction(_ row: CSVRow, to ledger: inout Ledger) throws(InputError) {
    let reader = transactionReader(columns: row.columns)
    try reader.read(row) { (parsed, id) throws(InputError) in
      ledger.appendTransaction(
        id: id, card: parsed.card, time: parsed.time, amount: parsed.amount,
        currency: parsed.currency, method: parsed.method, status: parsed.status,
        refunded: parsed.refunded, enrollment: parsed.enrollment, mcc: parsed.mcc,
        merchant: parsed.merchant)
    }
  }
}

extension Ledger {
  /// This ledger without the transactions at `positions` (ascending): rows that were added
  /// before a repeat of their id was found, and that the user asked to skip.
  fileprivate func leavingOut(_ positions: [Int]) -> Ledger {
    var kept = Ledger()
    if keepsMerchants { kept.keepMerchants() }
    kept.append(contentsOf: cards)
    kept.append(contentsOf: enrollments, cards: enrollmentCard)
    kept.reserveTransactions(transactionCount - positions.count, averageIDLength: 12)
    var left = Set(positions)
    func copy(_ index: Int, id: UnsafeRawBufferPointer, merchant: UnsafeRawBufferPointer?) {
      kept.appendTransaction(
        id: id, card: transactionCard[index], time: Instant(nanosecondsSinceEpoch: time[index]),
        amount: Money(minorUnits: amount[index]),
        currency: currencies[Int(currencyIndex[index])], method: method[index],
        status: status[index], refunded: Money(minorUnits: refunded[index]),
        enrollment: namedEnrollment[index],
        mcc: mcc[index] < 0 ? nil : MerchantCategoryCode(value: mcc[index]), merchant: merchant)
    }
    for index in 0..<transactionCount where left.remove(index) == nil {
      transactionIDs.withBytes(at: index) { id in
        guard keepsMerchants else {
          return copy(index, id: UnsafeRawBufferPointer(id), merchant: nil)
        }
        merchants.withBytes(at: index) { merchant in
          copy(index, id: UnsafeRawBufferPointer(id), merchant: UnsafeRawBufferPointer(merchant))
        }
      }
    }
    return kept
  }
}

/// `PreparedCards` worked out on a thread of its own once started, while the caller goes on:
/// what it made is read after waiting for it.
final class CardsPreparation: @unchecked Sendable {
  private let ledger: Ledger
  private let promotion: Promotion
  private let ranks: PreparedCards.HolderRanks?
  private let done = DispatchGroup()
  private var started = false
  private var made: PreparedCards?

  /// To prepare the cards and enrollments of `ledger` under `promotion`, with the holders'
  /// `ranks` when already worked out.
  init(_ ledger: Ledger, promotion: Promotion, ranks: PreparedCards.HolderRanks? = nil) {
    self.ledger = ledger
    self.promotion = promotion
    self.ranks = ranks
  }

  /// Starts preparing them, and returns at once. Called once at most, from any thread.
  @Sendable func start() {
    started = true
    done.enter()
    // A queue of its own, which always gets a thread (as `bothAtOnce`'s): the caller later
    // waits for it, whatever else keeps the shared threads busy.
    DispatchQueue(label: "wallet.prepare-cards").async {
      self.made = PreparedCards(self.ledger, promotion: self.promotion, ranks: self.ranks)
      self.done.leave()
    }
  }

  /// What was prepared, once it is; nil when never started. Called after `start` returned,
  /// on the thread that waited for it (the end of the parts' or pieces' dispatch).
  var prepared: PreparedCards? {
    guard started else { return nil }
    done.wait()
    return made
  }
}

/// The cards of one half of a file, and their ids with their keys, worked out as the rows are
/// read.
struct CardHalf: Sendable {
  var cards: [Card] = []
  var ids = IDLookup.Half()

  /// The cards, which this half no longer holds.
  mutating func takeCards() -> [Card] {
    defer { cards = [] }
    return cards
  }

  /// The ids, which this half no longer holds.
  mutating func takeIDs() -> IDLookup.Half {
    defer { ids = IDLookup.Half() }
    return ids
  }
}

/// The enrollments of one half of a file, their cards' ids as the rows write them, and (once
/// looked up) the index of each one's card.
struct EnrollmentHalf: Sendable {
  var enrollments: [Enrollment] = []
  /// The enrollments' own ids, with their keys.
  var ids = IDLookup.Half()

  /// The enrollments and their cards, which this half no longer holds.
  mutating func takeEnrollments() -> (enrollments: [Enrollment], cards: [Int32]) {
    defer { (enrollments, cards) = ([], []) }
    return (enrollments, cards)
  }

  /// The ids, which this half no longer holds.
  mutating func takeIDs() -> IDLookup.Half {
    defer { ids = IDLookup.Half() }
    return ids
  }
  var cardIDs = IdentifierArena()
  var keys: [IDLookup.Key] = []
  var cards: [Int32] = []

  /// Finds every enrollment's card in `lookup`, a batch at a time; false when one is unknown.
  mutating func lookUpCards(in lookup: IDLookup) -> Bool {
    var cards = [Int32](repeating: -1, count: enrollments.count)
    let cardIDs = self.cardIDs
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
    self.cards = cards
    keys = []
    self.cardIDs = IdentifierArena()
    return !cards.contains(-1)
  }
}

/// The two halves of an enrollments file, each looked up on a thread of its own, which touches
/// only its own half.
private struct SendableHalfPointers: @unchecked Sendable {
  let first: UnsafeMutablePointer<EnrollmentHalf>
  let second: UnsafeMutablePointer<EnrollmentHalf>
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
