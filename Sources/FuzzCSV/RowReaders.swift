import WalletCore
import WalletIngest

/// The readers of the SPEC's input files, run over arbitrary bytes: the ordinary row parsers, and
/// the readers that go straight to the bytes, which must agree with them.
enum RowReaders {
  /// Reads `bytes` as a cards, an enrollments, a postings and a transactions file in turn,
  /// parsing every row as `import` and `batch` do with `--skip-invalid`, and returns the first
  /// disagreement between the ordinary row parser and the readers that go straight to the bytes
  /// (the batch's loader of transactions and the import's), or nil.
  ///
  /// The transactions are loaded against `FuzzSample`'s cards and enrollments. A row the loader
  /// takes must be one the row parser reads, to the same values; a row the row parser reads must
  /// be one the loader takes unless its card or enrollment is unknown. The ids that repeat among
  /// those loaded must be exactly those that `RepeatedIDs` finds. Errors are formatted as for a
  /// report, and otherwise ignored.
  static func firstDisagreement(in bytes: [UInt8]) -> String? {
    let zone = TimeZoneRules.shanghai
    forEachRow(of: .cards, in: bytes) { (row) throws(InputError) in _ = try row.card() }
    forEachRow(of: .enrollments, in: bytes) { (row) throws(InputError) in
      _ = try row.enrollment(naiveIn: zone)
    }
    var occurrences = PostingOccurrences()
    forEachRow(of: .postings, in: bytes) { (row) throws(InputError) in
      _ = try row.posting(numberedBy: &occurrences)
    }

    var (loader, ledger) = sample()
    let (cards, enrollments) = sampleIDs
    var disagreement: String?
    var reader: TransactionRowReader?
    forEachRow(of: .transactions, in: bytes) { (row) throws(InputError) in
      guard disagreement == nil else { return }
      let parsed = Result { () throws(InputError) in try row.transaction(naiveIn: zone) }
      // The import's reader, straight from the bytes where it can, must read every row the same.
      let known = reader ?? TransactionRowReader(row.columns, naiveIn: zone)
      reader = known
      let imported = Result { () throws(InputError) in try known.transaction(row) }
      switch (parsed, imported) {
      case (.success(let expected), .success(let read)) where expected != read:
        disagreement = "line \(row.line): import read \(read), the row is \(expected)"
        return
      case (.failure(let expected), .failure(let error))
      where String(reflecting: expected) != String(reflecting: error):
        disagreement = "line \(row.line): import reported \(error), the row parser \(expected)"
        return
      case (.success, .failure(let error)):
        disagreement = "line \(row.line): import refused a row the row parser reads: \(error)"
        return
      case (.failure(let error), .success):
        disagreement = "line \(row.line): import took a row the row parser refuses: \(error)"
        return
      default: break
      }
      let count = ledger.transactionCount
      let loaded = Result { () throws(InputError) in try loader.addTransaction(row, to: &ledger) }
      switch (parsed, loaded) {
      case (.success(let transaction), .success):
        guard ledger.transactionCount == count + 1 else {
          disagreement = "line \(row.line): the loader took the row but stored no transaction"
          return
        }
        // The ledger, made from values, keeps each merchant as the row gives it.
        let stored = ledger.transaction(at: count)
        if stored != transaction {
          disagreement = "line \(row.line): the loader stored \(stored), the row is \(transaction)"
        }
      case (.failure(let error), .success):
        disagreement = "line \(row.line): the loader took a row the row parser refuses: \(error)"
      case (.success(let transaction), .failure(let error)):
        let known =
          cards.contains(Array(transaction.card.rawValue.utf8))
          && transaction.enrollment.map { enrollments.contains(Array($0.rawValue.utf8)) } ?? true
        if known {
          disagreement = "line \(row.line): the loader refused a valid row: \(error)"
        }
      case (.failure(let error), .failure):
        _ = String(reflecting: error)
      }
    }
    if disagreement == nil {
      disagreement = repeatsDisagreement(in: ledger.transactionIDs)
    }
    return disagreement
  }

  /// Where `RepeatedIDs` and a plain dictionary of the ids disagree on which ids repeat an
  /// earlier one, and which, or nil.
  private static func repeatsDisagreement(in ids: IdentifierArena) -> String? {
    var first: [[UInt8]: Int] = [:]
    var expected: [RepeatedIDs.Repeat] = []
    for position in 0..<ids.count {
      let id = ids.withBytes(at: position) { Array($0) }
      if let earlier = first[id] {
        expected.append(RepeatedIDs.Repeat(position: position, first: earlier))
      } else {
        first[id] = position
      }
    }
    let found = RepeatedIDs.find(in: ids)
    return found == expected ? nil : "repeated ids found \(found), expected \(expected)"
  }

  /// A loader and ledger holding `FuzzSample`'s cards and enrollments, read by the row parser.
  private static func sample() -> (LedgerLoader, Ledger) {
    var cards: [Card] = []
    var enrollments: [Enrollment] = []
    forEachRow(of: .cards, in: FuzzSample.cards) { (row) throws(InputError) in
      cards.append(try row.card())
    }
    forEachRow(of: .enrollments, in: FuzzSample.enrollments) {
      (row) throws(InputError) in
      enrollments.append(try row.enrollment(naiveIn: .shanghai))
    }
    let ledger = Ledger(cards: cards, enrollments: enrollments, transactions: [])
    let loader = LedgerLoader(
      cardsPath: "cards.csv", enrollmentsPath: "enrollments.csv", zone: .shanghai)
    loader.rememberLookups(of: ledger)
    return (loader, ledger)
  }

  /// The UTF-8 bytes of the ids of `FuzzSample`'s cards and enrollments.
  private static let sampleIDs: (cards: Set<[UInt8]>, enrollments: Set<[UInt8]>) = (
    Set(sample().1.cards.map { Array($0.id.rawValue.utf8) }),
    Set(sample().1.enrollments.map { Array($0.id.rawValue.utf8) })
  )

  /// Calls `body` with each row of `bytes` read as a `kind` file, the way `RowFileReader` does with
  /// `--skip-invalid`: a row with an error is skipped; a header or CSV syntax error ends the read.
  private static func forEachRow(
    of kind: InputKind, in bytes: [UInt8], _ body: (CSVRow) throws(InputError) -> Void
  ) {
    // One chunk for all of the input: the default chunk is larger than any fuzz input.
    let reader = CSVReader(bytes: bytes, chunkSize: max(bytes.count, 1))
    do throws(InputError) {
      let columns = try CSVColumns(
        reader: reader, file: "\(kind).csv", known: kind.columns, required: kind.requiredColumns)
      while true {
        do throws(InputError) {
          guard let row = try columns.nextRow(from: reader) else { return }
          try body(row)
        } catch  where !error.isFatal {
          _ = String(reflecting: error)
        }
      }
    } catch {
      _ = String(reflecting: error)
    }
  }
}

/// The cards and enrollments that the transactions of an input are loaded against: those of
/// `data/sample`, which the seed corpus (`fuzz/corpus/FuzzCSV`) names, compiled in by the
/// EmbedData plugin.
enum FuzzSample {
  /// Seven cards of four holders: `data/sample/cards.csv`.
  static let cards = EmbeddedData.sampleCardsCSV

  /// Their Apple Pay bindings, two with the id made from the card, channel and time:
  /// `data/sample/enrollments.csv`.
  static let enrollments = EmbeddedData.sampleEnrollmentsCSV
}
