import WalletCore

/// The valid rows of one input file with the line each came from, so that an error the store
/// raises about the n-th row can name the file and line the user has to fix.
package struct ImportRows<Value> {
  /// The rows' values, in file order.
  package var values: [Value] = []
  /// The line each row starts on.
  package var lines: [Int] = []
  /// The file's header, to point at the field an error is about.
  package var columns: CSVColumns?
  /// The rows left out as invalid.
  package var skipped = SkippedRows()
  /// The column of the rows' ids.
  package let idColumn: String
  /// The line of a row's id field, by row index, where it is not the row's first line.
  var idLines: [Int: Int] = [:]

  /// Finds, in file order, every row whose id an earlier row has: the first is an error, or
  /// with `skipInvalid` each is skipped and left out.
  private mutating func refuseRepeatedIDs(
    _ id: KeyPath<Value, Identifier>, kind: InputKind, skipInvalid: Bool,
    skipped: inout SkippedRows
  ) throws(FileFailure) {
    var firstLine: [Identifier: Int] = [:]
    var repeated: [Int] = []
    for index in values.indices {
      let key = values[index][keyPath: id]
      guard let first = firstLine[key] else {
        firstLine[key] = lines[index]
        continue
      }
      // Card ids never hold card numbers (the row parser refused them); other ids may be long
      // bank references, which are shown as they are.
      let shown = SafeText.quoted(key.rawValue, masksCardNumbers: false)
      let error = InputError(
        file: columns?.file ?? "", line: idLines[index] ?? lines[index],
        column: (columns?.index(of: idColumn) ?? 0) + 1,
        message: "\(kind.noun) \(shown) is listed twice (first on line \(first))")
      guard skipInvalid else { throw FileFailure(.invalidData, error.description) }
      skipped.skip(error)
      repeated.append(index)
    }
    guard !repeated.isEmpty else { return }
    var kept = [Bool](repeating: true, count: values.count)
    for index in repeated { kept[index] = false }
    values = values.indices.compactMap { kept[$0] ? values[$0] : nil }
    lines = lines.indices.compactMap { kept[$0] ? lines[$0] : nil }
    idLines = [:]
  }

  /// Reads every row of the file; a second row with the same id is an error at that row, as in
  /// a batch, because it would make the result depend on the order of the rows.
  ///
  /// Ids are checked after the read, by sorting 64-bit hashes of them: a dictionary of millions
  /// of ids cost a third of the read. Only when two hashes are equal are the ids compared, in
  /// file order, so the row reported is the one a row-by-row check would stop at; and a row
  /// error ends the read only after the rows before it were checked the same way.
  static func read(
    _ reader: RowFileReader, idColumn: String, id: KeyPath<Value, Identifier>,
    _ parse: (CSVRow) throws(InputError) -> Value
  ) throws(FileFailure) -> ImportRows<Value> {
    var rows = ImportRows(idColumn: idColumn)
    var skipped = SkippedRows()
    var hashes: [UInt64] = []
    var idColumnIndex: Int?
    do throws(FileFailure) {
      try reader.forEachRow(skipped: &skipped) { (row) throws(InputError) in
        rows.columns = row.columns
        let value = try parse(row)
        let column = idColumnIndex ?? row.columns.index(of: idColumn) ?? -1
        idColumnIndex = column
        // A quoted field before the id may span lines; the error points at the id's own line.
        if column >= 0, row.record[column].line != row.line {
          rows.idLines[rows.values.count] = row.record[column].line
        }
        var text = value[keyPath: id].rawValue
        hashes.append(text.withUTF8 { ByteStringIndex.hash(UnsafeRawBufferPointer($0)) })
        rows.values.append(value)
        rows.lines.append(row.line)
      }
    } catch {
      if !reader.skipInvalid {
        try rows.refuseRepeatedIDs(id, kind: reader.kind, skipInvalid: false, skipped: &skipped)
      }
      throw error
    }
    hashes.sort()
    if zip(hashes, hashes.dropFirst()).contains(where: { $0 == $1 }) {
      try rows.refuseRepeatedIDs(
        id, kind: reader.kind, skipInvalid: reader.skipInvalid, skipped: &skipped)
    }
    rows.skipped = skipped
    return rows
  }
}

extension ImportRows where Value == Card {
  /// Every card of a cards file.
  package static func cards(_ reader: RowFileReader) throws(FileFailure) -> ImportRows<Card> {
    try read(reader, idColumn: "card", id: \.id) { (row) throws(InputError) in try row.card() }
  }
}

extension ImportRows where Value == Enrollment {
  /// Every enrollment of an enrollments file, times without an offset read in `zone`.
  package static func enrollments(_ reader: RowFileReader, naiveIn zone: TimeZoneRules)
    throws(FileFailure) -> ImportRows<Enrollment>
  {
    try read(reader, idColumn: "id", id: \.id) { (row) throws(InputError) in
      try row.enrollment(naiveIn: zone)
    }
  }
}

extension ImportRows where Value == Transaction {
  /// Every transaction of a transactions file, read as a batch reads them (plain rows straight
  /// from their bytes), times without an offset read in `zone`.
  package static func transactions(_ reader: RowFileReader, naiveIn zone: TimeZoneRules)
    throws(FileFailure) -> ImportRows<Transaction>
  {
    var rows: TransactionRowReader?
    return try read(reader, idColumn: "id", id: \.id) { (row) throws(InputError) in
      // Every row of a file shares its header.
      let known = rows ?? TransactionRowReader(row.columns, naiveIn: zone)
      rows = known
      return try known.transaction(row)
    }
  }
}
