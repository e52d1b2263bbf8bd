import WalletCore

/// Posting rows read straight from their bytes, their card found among a batch's cards; nil for
/// anything unusual (an id left to number, a code or date written otherwise, any error), which
/// the ordinary parser then reads, so there is one set of rules and messages.
struct PostingRowReader: Sendable {
  private let width: Int
  private let id: Int
  private let card: Int
  private let date: Int
  private let kind: Int
  private let amount: Int
  private let transaction: Int
  private let reverses: Int
  private let description: Int
  /// The batch's cards, and their ids by index, shared with every posting on them.
  private let cards: IDLookup
  private let cardIDs: [Identifier]

  init(_ header: CSVColumns, cards: IDLookup, cardIDs: [Identifier]) {
    func position(_ name: String) -> Int { header.index(of: name) ?? -1 }
    width = header.width
    id = position("id")
    card = position("card")
    date = position("date")
    kind = position("kind")
    amount = position("amount")
    transaction = position("transaction")
    reverses = position("reverses")
    description = position("description")
    self.cards = cards
    self.cardIDs = cardIDs
  }

  /// The posting in a row's fields and its card's index, or nil when the ordinary parser must
  /// read it.
  func posting(_ fields: CSVRawFields) -> (posting: Posting, card: Int32)? {
    guard fields.count == width, let id = fields.nonEmpty(id),
      let cardIndex = cards.entry(of: fields[card]),
      let date = Self.date(fields[date]),
      let kind = Self.kind(fields[kind]),
      let amount = try? Money.parse(utf8: fields[amount].assumingMemoryBound(to: UInt8.self)),
      amount > .zero
    else { return nil }
    var words: String?
    if let field = fields.nonEmpty(description) {
      guard field.hasTooFewDigitsForACardNumber else { return nil }
      words = String(decoding: field, as: UTF8.self)
    }
    let posting = Posting(
      id: Identifier(String(decoding: id, as: UTF8.self)), card: cardIDs[Int(cardIndex)],
      date: date, kind: kind, amount: amount,
      transaction: fields.nonEmpty(transaction).map {
        Identifier(String(decoding: $0, as: UTF8.self))
      },
      reverses: fields.nonEmpty(reverses).map { Identifier(String(decoding: $0, as: UTF8.self)) },
      description: words)
    return (posting, cardIndex)
  }

  /// Exactly `YYYY-MM-DD`, a real date.
  private static func date(_ field: UnsafeRawBufferPointer) -> CivilDate? {
    guard field.count == 10, field[4] == UInt8(ascii: "-"), field[7] == UInt8(ascii: "-") else {
      return nil
    }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        guard field[index] &- 48 < 10 else { return nil }
        value = value * 10 + Int(field[index] - 48)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      CivilDate.isValid(year: year, month: month, day: day)
    else { return nil }
    return CivilDate(year: year, month: month, day: day)
  }

  /// The kind, written as the SPEC writes it.
  private static func kind(_ field: UnsafeRawBufferPointer) -> Posting.Kind? {
    if field.equals("credit") { return .credit }
    if field.equals("clawback") { return .clawback }
    return nil
  }
}
