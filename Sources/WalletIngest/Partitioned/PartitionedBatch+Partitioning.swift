import WalletCore

extension PartitionedBatch {
  /// Pieces a large transactions file is partitioned in, as many at once as there are cores:
  /// several per core, so that a core slowed down takes fewer of them.
  private static let pieceCount = 4

  /// The files the ids' hashes are spread over: a bucket's records, 24 bytes a row as they are
  /// checked, take a quarter of the memory a part's transactions take (some 95 bytes a row).
  /// Fewer files than parts, as every piece makes its own, and making files is not free.
  static func buckets(partitions: Int) -> Int { (partitions + 3) / 4 }

  /// Reads the transactions file into the parts' work files: in pieces at once when it is large
  /// and every row is valid, else (or when an id repeats) row by row, which reports exactly what
  /// is wrong, as the ledger reader does.
  /// With `minimum`, rows read in pieces whose amounts are below it are left out
  /// (`leavingOutBelow`); rows read row by row are all kept.
  func partition(
    _ file: InputFile, base: BatchInput, loader: LedgerLoader, partOfCard: [UInt8],
    leavingOutBelow minimum: Int64? = nil, in directory: TemporaryDirectory,
    progress: (any ReadProgress)?, alongside: (@Sendable () -> Void)? = nil
  ) throws(FileError) -> PartitionedParts {
    loader.rememberLookups(of: base.ledger)
    // The lookups of card and enrollment ids are not needed once read: tens of megabytes.
    defer { loader.forgetLookups() }
    if let pieces = partitionInPieces(
      file, loader: loader, partOfCard: partOfCard, leavingOutBelow: minimum, in: directory,
      progress: progress, alongside: alongside)
    {
      let belowMinimum = pieces.reduce(0) { $0 + $1.belowMinimum }
      // The rows left out are in no part's file, so a hash met twice among them cannot be told
      // from a repeated id: the file is then read row by row, which keeps every row.
      let noRepeats =
        belowMinimum == 0
        ? try findRepeats(pieces, in: directory).isEmpty
        : try repeatedHashes(pieces, in: directory).isEmpty
      if noRepeats {
        var parts = PartitionedParts(
          directory: directory, pieces: pieces, counts: Self.sums(pieces.map(\.counts)),
          bytes: Self.sums(pieces.map(\.bytes)), leftOut: [], skipped: SkippedRows())
        parts.belowMinimum = belowMinimum
        return parts
      }
    }
    directory.removeFiles()
    return try partitionRowByRow(
      file, loader: loader, partOfCard: partOfCard, in: directory, progress: progress)
  }

  /// The sums of arrays of the same length, element by element.
  private static func sums(_ arrays: [[Int]]) -> [Int] {
    var total = [Int](repeating: 0, count: arrays.first?.count ?? 0)
    for array in arrays {
      for index in array.indices { total[index] += array[index] }
    }
    return total
  }

  /// The pieces of a large transactions file, each read and written to its own work files at
  /// once (`FileParts`), in file order; nil when the file is small or any row is not valid.
  private func partitionInPieces(
    _ file: InputFile, loader: LedgerLoader, partOfCard: [UInt8], leavingOutBelow minimum: Int64?,
    in directory: TemporaryDirectory, progress: (any ReadProgress)?,
    alongside: (@Sendable () -> Void)?
  ) -> [Piece]? {
    guard file.size >= smallestFileInPieces,
      let columns = try? CSVColumns(
        reader: CSVReader(
          fileDescriptor: file.descriptor, range: 0..<file.size, chunkSize: 1 << 16),
        file: file.path, known: InputKind.transactions.columns,
        required: InputKind.transactions.requiredColumns)
    else { return nil }
    let reader = loader.transactionReader(columns: columns)
    let counter = SharedProgress(progress)
    let tags = PieceTags()
    let (path, partitions, keepsMerchants) = (directory.path, self.partitions, keepsMerchants)
    guard
      var pieces = FileParts.read(
        file, kind: .transactions, parts: Self.pieceCount, smallest: smallestFileInPieces,
        alongside: alongside,
        { csv, columns, _ -> Piece? in
          Self.readPiece(
            csv, columns: columns, reader: reader, partOfCard: partOfCard,
            files: try? PieceFiles(
              directory: path, tag: tags.next(), partitions: partitions,
              keepingMerchants: keepsMerchants),
            keepingMerchants: keepsMerchants, leavingOutBelow: minimum, progress: counter)
        })
    else { return nil }
    var first = 0
    for index in pieces.indices {
      pieces[index].firstPosition = first
      first += pieces[index].rows
    }
    return pieces
  }

  /// Reads the rows of one piece into `files`; nil at the first problem of any kind.
  private static func readPiece(
    _ csv: CSVScanner, columns: CSVColumns, reader: LedgerTransactionReader,
    partOfCard: [UInt8], files: PieceFiles?, keepingMerchants: Bool,
    leavingOutBelow minimum: Int64?,
    progress: SharedProgress
  ) -> Piece? {
    guard let files else { return nil }
    let read = partOfCard.withUnsafeBufferPointer { partOfCard in
      TransactionParts.readRows(
        csv, columns: columns, reader: reader, keepingMerchants: keepingMerchants,
        progress: { progress.add(rows: $0, bytes: $1) },
        batch: { batch, _ in files.add(batch, partOfCard: partOfCard, leavingOutBelow: minimum) },
        row: { parsed, id in
          if let minimum, parsed.amount.minorUnits < minimum {
            files.leaveOut(id: id)
          } else {
            files.add(parsed, id: id, part: Int(partOfCard[Int(parsed.card)]))
          }
        })
    }
    return read ? try? files.finish() : nil
  }

  /// Reads the transactions file row by row into the parts' work files, with the ledger
  /// reader's rules and messages: the same row fails, at the same line and column.
  private func partitionRowByRow(
    _ file: InputFile, loader: LedgerLoader, partOfCard: [UInt8],
    in directory: TemporaryDirectory, progress: (any ReadProgress)?
  ) throws(FileError) -> PartitionedParts {
    let files = try PieceFiles(
      directory: directory.path, tag: 0, partitions: partitions, keepingMerchants: keepsMerchants,
      recordingLines: true)
    let reader = RowFileReader(
      kind: .transactions, file: file, skipInvalid: skipInvalid, progress: progress)
    var idColumn: Int?
    var skipped = SkippedRows()
    var rowError: FileError?
    do throws(FileError) {
      try reader.forEachRow(skipped: &skipped) { (row) throws(InputError) in
        let column = idColumn ?? row.columns.index(of: InputKind.transactions.idColumn) ?? -1
        idColumn = column
        let lines = (row.line, column >= 0 ? row.record[column].line : row.line)
        try loader.transactionReader(columns: row.columns).read(row) { parsed, id in
          files.add(parsed, id: id, part: Int(partOfCard[Int(parsed.card)]), lines: lines)
        }
      }
    } catch {
      rowError = error
    }
    let pieces = [try files.finish()]

    let repeats = try findRepeats(pieces, in: directory)
    let idColumnNumber = max(idColumn ?? -1, 0) + 1
    func refusal(_ repeated: RepeatFound) -> InputError {
      InputError(
        file: file.path, line: repeated.idLine, column: idColumnNumber,
        problem: .repeatedID(.transactions, id: repeated.id, firstLine: repeated.firstLine))
    }
    if let rowError {
      if !skipInvalid, let first = repeats.first {
        throw FileError.invalidInput(refusal(first))
      }
      throw rowError
    }
    if let first = repeats.first, !skipInvalid {
      throw FileError.invalidInput(refusal(first))
    }
    for repeated in repeats { skipped.skip(refusal(repeated)) }
    if !repeats.isEmpty { skipped.sortByPosition() }
    return PartitionedParts(
      directory: directory, pieces: pieces, counts: pieces[0].counts, bytes: pieces[0].bytes,
      leftOut: Set(repeats.map(\.position)), skipped: skipped)
  }

  /// Each card's part: holders, in the order of their ids' bytes, are split into ranges of
  /// about as many cards each.
  static func partOfCard(_ ranks: PreparedCards.HolderRanks, partitions: Int) -> [UInt8] {
    let (holderOfCard, holderCount) = (ranks.ofCard, ranks.count)
    var cardsOfHolder = [Int](repeating: 0, count: holderCount)
    for holder in holderOfCard { cardsOfHolder[Int(holder)] += 1 }
    var partOfHolder = [UInt8](repeating: 0, count: holderCount)
    var before = 0
    let cardCount = max(holderOfCard.count, 1)
    for holder in 0..<holderCount {
      partOfHolder[holder] = UInt8(min(partitions - 1, before * partitions / cardCount))
      before += cardsOfHolder[holder]
    }
    return holderOfCard.map { partOfHolder[Int($0)] }
  }
}
