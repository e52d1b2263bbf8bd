import WalletCore

/// Card rows read straight from their bytes. A row that is in any way unusual gives nil, and
/// the ordinary parser (`CSVRow.card()`) reads it or says exactly what is wrong, so there is one
/// set of rules and messages.
struct CardRowReader: Sendable {
  private let columns: ColumnPositions
  private var networks = CodeSpellings<Network>()
  private var types = CodeSpellings<CardType>()
  private var roles = CodeSpellings<CardRole>()
  /// Issuers as kept (`Issuer.code`), by spelling: a file names a handful of banks, so each
  /// spelling is looked up once, and its cards share one string.
  private var issuers = Spellings<String> { field in
    plainText(field).map(Issuer.code)
  }

  init(_ columns: ColumnPositions) {
    self.columns = columns
  }

  /// The column of the card's id.
  var idColumn: Int { columns.card }

  /// The card in `row`, or nil when the ordinary parser must read it.
  mutating func card(_ row: CSVRow) -> Card? {
    row.record.withRawFields { card($0) }
  }

  /// The card in a row's fields, or nil when the ordinary parser must read it.
  mutating func card(_ fields: CSVRawFields) -> Card? {
    let columns = self.columns
    guard fields.count == columns.width, let id = plainText(fields[columns.card]),
      let holder = plainText(fields[columns.holder]),
      let network = networks.code(fields[columns.network]),
      let type = types.code(fields[columns.type])
    else { return nil }
    var role = CardRole.primary
    if columns.role >= 0, !fields[columns.role].isEmpty {
      guard let given = roles.code(fields[columns.role]) else { return nil }
      role = given
    }
    var issuer: String?
    if columns.issuer >= 0, !fields[columns.issuer].isEmpty {
      guard let kept = issuers.value(fields[columns.issuer]) else { return nil }
      issuer = kept
    }
    var last4: String?
    if columns.last4 >= 0, !fields[columns.last4].isEmpty {
      let field = fields[columns.last4]
      guard field.count == 4, field.allSatisfy({ $0 &- 48 < 10 }) else { return nil }
      last4 = String(decoding: field, as: UTF8.self)
    }
    return Card(
      id: Identifier(id), holder: Identifier(holder), network: network, type: type, role: role,
      issuer: issuer, last4: last4)
  }
}

/// Enrollment rows read straight from their bytes, their card found among the cards read
/// before; nil for anything unusual, as with `CardRowReader`.
struct EnrollmentRowReader: Sendable {
  private let columns: ColumnPositions
  private let cards: IDLookup
  private let zone: TimeZoneRules
  private var channels = CodeSpellings<Channel>()

  init(_ columns: ColumnPositions, cards: IDLookup, zone: TimeZoneRules) {
    self.columns = columns
    self.cards = cards
    self.zone = zone
  }

  /// The enrollment in `row` and its card's index in `cards`, or nil when the ordinary parser
  /// must read it.
  mutating func enrollment(_ row: CSVRow) -> (
    enrollment: Enrollment, card: Int32
  )? {
    let cards = self.cards
    let column = columns.card
    return row.record.withRawFields { fields -> (enrollment: Enrollment, card: Int32)? in
      guard let card = cards.entry(of: fields[column]), let enrollment = plainEnrollment(fields)
      else { return nil }
      return (enrollment, card)
    }
  }

  /// The column of the card's id, by which the caller looks up the card of `plainEnrollment`.
  var cardColumn: Int { columns.card }

  /// The enrollment in a row's fields, its card not looked up (the caller finds it by
  /// `fields[cardColumn]`), or nil when the ordinary parser must read it.
  mutating func plainEnrollment(_ fields: CSVRawFields) -> Enrollment? {
    let columns = self.columns
    let zone = self.zone
    guard fields.count == columns.width, !fields[columns.card].isEmpty,
      let channel = channels.code(fields[columns.channel]),
      let enrolledAt = try? Instant.parse(
        utf8: fields[columns.enrolledAt].assumingMemoryBound(to: UInt8.self), naiveIn: zone)
    else { return nil }
    var removedAt: Instant?
    if columns.removedAt >= 0, !fields[columns.removedAt].isEmpty {
      guard
        let removed = try? Instant.parse(
          utf8: fields[columns.removedAt].assumingMemoryBound(to: UInt8.self), naiveIn: zone),
        removed > enrolledAt
      else { return nil }
      removedAt = removed
    }
    // The card's id as this row writes it: the same bytes as the card found by them, without
    // reading that card, a likely cache miss among hundreds of thousands.
    let cardID = Identifier(String(decoding: fields[columns.card], as: UTF8.self))
    let id: Identifier
    if columns.id >= 0, !fields[columns.id].isEmpty {
      guard fields[columns.id].hasTooFewDigitsForACardNumber else { return nil }
      id = Identifier(String(decoding: fields[columns.id], as: UTF8.self))
    } else {
      id = Enrollment.defaultID(
        card: cardID, channel: channel,
        enrolledAtAsWritten: String(decoding: fields[columns.enrolledAt], as: UTF8.self))
    }
    return Enrollment(
      id: id, card: cardID, channel: channel, enrolledAt: enrolledAt, removedAt: removedAt)
  }
}

/// A required id-like value as text, or nil when it is empty or has enough digits to hide a card
/// number (which only the ordinary parser may judge and report).
func plainText(_ field: UnsafeRawBufferPointer) -> String? {
  guard !field.isEmpty, field.hasTooFewDigitsForACardNumber else { return nil }
  return String(decoding: field, as: UTF8.self)
}

extension UnsafeRawBufferPointer {
  /// Whether these bytes hold fewer than 13 digits, the fewest a card number has: text that
  /// cannot hide one, so a fast path may take it without the card-number guard.
  ///
  /// Full-width digits (`EF BC 90`–`EF BC 99`) count too. Any byte 90–99 after a BC is counted
  /// without looking further back: a few CJK characters counted as digits only send a row to
  /// the exact guard, while a full-width card number missed here would be stored.
  var hasTooFewDigitsForACardNumber: Bool {
    // Each digit takes at least a byte: most merchants and ids are too short to look at.
    if count < 13 { return true }
    var digits = 0
    var previous: UInt8 = 0
    for byte in self {
      if byte &- 48 < 10 || (previous == 0xBC && byte &- 0x90 < 10) { digits += 1 }
      previous = byte
    }
    return digits < 13
  }
}

/// The spellings of a code met so far in a file, by their bytes: a file writes its networks
/// and channels a handful of ways, so each spelling is parsed once, not once per row.
private typealias CodeSpellings<Code: CanonicalCode> = Spellings<Code>

extension Spellings where Value: CanonicalCode {
  /// Spellings of the codes of `Value`, each read as `Value(parsing:)` reads it.
  init() {
    self.init { Value(parsing: String(decoding: $0, as: UTF8.self)) }
  }
}

/// The values of the spellings met so far in a file, by their bytes, each read once by `read`.
private struct Spellings<Value: Sendable>: Sendable {
  /// Every spelling's bytes, back to back: one buffer, so that looking one up copies and
  /// retains nothing.
  private var spellings: [UInt8] = []
  private var known: [(start: Int, count: Int, value: Value)] = []
  /// The value of a spelling not met before; nil when it has none (the ordinary parser says
  /// why).
  private let read: @Sendable (UnsafeRawBufferPointer) -> Value?

  init(read: @escaping @Sendable (UnsafeRawBufferPointer) -> Value?) {
    self.read = read
  }

  /// The value these bytes spell, or nil when they spell none.
  mutating func value(_ field: UnsafeRawBufferPointer) -> Value? {
    let found = spellings.withUnsafeBytes { spellings -> Value? in
      for entry in known where entry.count == field.count {
        if field.isEmpty
          || memcmp(spellings.baseAddress! + entry.start, field.baseAddress!, field.count) == 0
        {
          return entry.value
        }
      }
      return nil
    }
    if let found { return found }
    guard !field.isEmpty, let value = read(field) else { return nil }
    // A file with more spellings than this is unusual: the rest are read each time.
    guard known.count < 64 else { return value }
    known.append((spellings.count, field.count, value))
    spellings.append(contentsOf: field)
    return value
  }

  /// The code these bytes spell (`value`, for the code lists).
  mutating func code(_ field: UnsafeRawBufferPointer) -> Value? { value(field) }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
