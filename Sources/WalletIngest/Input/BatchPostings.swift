import WalletCore

extension FileRows where Value == Posting {
  /// Every posting of a batch's postings file, the ids it lacks numbered in file order; a
  /// posting on a card that `isKnownCard` rejects is an error at its card field, since nothing
  /// says whose it is.
  package static func postings(
    _ reader: RowFileReader, cardsPath: String, isKnownCard: (Identifier) -> Bool
  ) throws(FileFailure) -> FileRows<Posting> {
    var occurrences = PostingOccurrences()
    return try read(reader, id: \.id) { (row) throws(InputError) in
      let posting = try row.posting(numberedBy: &occurrences)
      guard isKnownCard(posting.card) else {
        throw row.error(
          in: "card", "card \(SafeText.quoted(posting.card.rawValue)) is not in \(cardsPath)")
      }
      return posting
    }
  }
}
