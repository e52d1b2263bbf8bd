import WalletCore

/// A batch's postings file, read and tied to the cards of the batch's ledger.
package struct BatchPostings {
  /// The postings, the ids they lack numbered in file order.
  package var values: [Posting]
  /// Each posting's card, as its index in the ledger's cards.
  package var cards: [Int32]
  /// The rows left out as invalid, in file order.
  package var skipped = SkippedRows()

  /// Throws when every row of the postings file, `path`, was skipped as invalid: nothing of it
  /// would be reconciled (SPEC 4, exit status 65). A file of its header alone skipped nothing:
  /// it says that nothing was posted yet.
  package func checkUsed(path: String) throws(FileError) {
    if values.isEmpty && skipped.count > 0 { throw .everyRowSkipped(path: path) }
  }

  /// Every posting of a batch's postings file; a posting on a card the ledger lacks is an error
  /// at its card field, since nothing says whose it is.
  ///
  /// A large file whose rows are all plain is read in two halves at once, straight from their
  /// bytes; anything else (and any problem at all) reads it row by row from the start, which
  /// reports exactly what is wrong, so the speed-up never changes a message.
  package static func read(
    _ file: InputFile, ledger: Ledger, cardsPath: String, skipInvalid: Bool,
    smallestFileInParts: Int = FileParts.minimumFileSize
  ) throws(FileError) -> BatchPostings {
    guard let lookup = IDLookup(uniqueIn: ledger.cards, [], id: \.id) else {
      preconditionFailure("a ledger's card ids are unique")
    }
    let cardIDs = ledger.cards.map(\.id)
    if let parts = FileParts.read(
      file, kind: .postings, smallest: smallestFileInParts,
      { csv, columns, _ -> BatchPostings? in
        let reader = PostingRowReader(columns, cards: lookup, cardIDs: cardIDs)
        var part = BatchPostings(values: [], cards: [])
        do throws(CSVSyntaxError) {
          while let fields = try csv.next() {
            guard let (posting, card) = reader.posting(fields) else { return nil }
            part.values.append(posting)
            part.cards.append(card)
          }
        } catch {
          return nil
        }
        return part
      }),
      IDLookup(uniqueIn: parts.first.values, parts.second.values, id: \.id) != nil
    {
      return BatchPostings(
        values: parts.first.values + parts.second.values,
        cards: parts.first.cards + parts.second.cards)
    }
    var occurrences = PostingOccurrences()
    let rows = try FileRows.read(
      RowFileReader(kind: .postings, file: file, skipInvalid: skipInvalid), id: \.id
    ) { (row) throws(InputError) in
      let posting = try row.posting(numberedBy: &occurrences)
      guard lookup.entry(of: posting.card.rawValue) != nil else {
        throw row.error(
          in: "card", .unknownReference(column: "card", id: posting.card.rawValue, file: cardsPath))
      }
      return posting
    }
    // Looked up again rather than kept per row: a row refused for a repeated id drops out of
    // the values after they are read.
    return BatchPostings(
      values: rows.values, cards: rows.values.map { lookup.entry(of: $0.card.rawValue)! },
      skipped: rows.skipped)
  }
}
