import Dispatch

/// Ids packed back to back in one byte buffer: millions of transaction ids without a `String`
/// (and its allocation) each, compared as UTF-8 bytes as the SPEC requires.
public struct IdentifierArena: Sendable {
  /// Every id's bytes, concatenated.
  public private(set) var bytes: [UInt8] = []
  /// Where each id ends in `bytes`.
  public private(set) var ends: [Int] = []

  /// An empty arena.
  public init() {}

  /// The number of ids.
  public var count: Int { ends.count }

  /// Appends an id's UTF-8 bytes.
  package mutating func append(_ utf8: UnsafeRawBufferPointer) {
    // As typed bytes, which the array copies at once: as raw bytes, it took them one by one
    // (about 100 instructions for an id of 8 bytes).
    if !utf8.isEmpty { bytes.append(contentsOf: utf8.assumingMemoryBound(to: UInt8.self)) }
    ends.append(bytes.count)
  }

  /// Appends an id.
  public mutating func append(_ id: Identifier) {
    var text = id.rawValue
    text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
  }

  /// Appends every id of `other`, after this arena's own.
  public mutating func append(contentsOf other: IdentifierArena) {
    let offset = bytes.count
    bytes.append(contentsOf: other.bytes)
    ends.append(contentsOf: other.ends.lazy.map { $0 + offset })
  }

  /// Removes every id, keeping the room they took for the next ones.
  public mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
  }

  /// Reserves room for `count` ids of about `averageLength` bytes.
  public mutating func reserveCapacity(_ count: Int, averageLength: Int) {
    ends.reserveCapacity(count)
    bytes.reserveCapacity(count * averageLength)
  }

  /// The id at `index`.
  public subscript(index: Int) -> Identifier {
    let start = index == 0 ? 0 : ends[index - 1]
    return Identifier(String(decoding: bytes[start..<ends[index]], as: UTF8.self))
  }

  /// Whether the id at `left` sorts before the id at `right`, byte by byte.
  public func precedes(_ left: Int, _ right: Int) -> Bool {
    let leftStart = left == 0 ? 0 : ends[left - 1]
    let rightStart = right == 0 ? 0 : ends[right - 1]
    let leftCount = ends[left] - leftStart
    let rightCount = ends[right] - rightStart
    return bytes.withUnsafeBufferPointer { buffer in
      let shared = min(leftCount, rightCount)
      let order = memcmp(
        buffer.baseAddress! + leftStart, buffer.baseAddress! + rightStart, shared)
      return order != 0 ? order < 0 : leftCount < rightCount
    }
  }

  /// Calls `body` with the ids' bytes and ends as buffers (`UnsafeView`), valid only during
  /// the call: for comparisons in a tight loop, such as a sort's, which through the arena
  /// itself retained and released its arrays on every call.
  func withUnsafeView<Result>(_ body: (UnsafeView) -> Result) -> Result {
    bytes.withUnsafeBufferPointer { bytes in
      ends.withUnsafeBufferPointer { ends in body(UnsafeView(bytes: bytes, ends: ends)) }
    }
  }

  /// An arena's ids as buffers, valid while `withUnsafeView`'s body runs.
  struct UnsafeView: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>

    /// Whether the id at `left` sorts before the id at `right`, byte by byte, as
    /// `IdentifierArena.precedes(_:_:)`.
    func precedes(_ left: Int, _ right: Int) -> Bool {
      let leftStart = left == 0 ? 0 : ends[left - 1]
      let rightStart = right == 0 ? 0 : ends[right - 1]
      let leftCount = ends[left] - leftStart
      let rightCount = ends[right] - rightStart
      let order = memcmp(
        bytes.baseAddress! + leftStart, bytes.baseAddress! + rightStart, min(leftCount, rightCount))
      return order != 0 ? order < 0 : leftCount < rightCount
    }
  }

  /// Whether the id at `index` has exactly these bytes.
  public func equals(_ index: Int, _ other: UnsafeRawBufferPointer) -> Bool {
    let start = index == 0 ? 0 : ends[index - 1]
    let count = ends[index] - start
    guard count == other.count else { return false }
    if count == 0 { return true }
    return bytes.withUnsafeBufferPointer { buffer in
      memcmp(buffer.baseAddress! + start, other.baseAddress!, count) == 0
    }
  }

  /// Calls `body` with the bytes of the id at `index`.
  public func withBytes<Result>(
    at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    let start = index == 0 ? 0 : ends[index - 1]
    return try bytes.withUnsafeBufferPointer { buffer in
      try body(UnsafeBufferPointer(rebasing: buffer[start..<ends[index]]))
    }
  }
}

/// Everything the engine decides over, kept column by column so that a bank's batch of millions
/// of transactions costs tens of bytes per transaction rather than a struct of strings each.
///
/// Cards and enrollments are few and stay as values; transactions refer to them by index.
public struct Ledger: Sendable {
  /// The cards.
  public private(set) var cards: [Card] = []
  /// The enrollments.
  public private(set) var enrollments: [Enrollment] = []
  /// Each enrollment's card, as an index into `cards`.
  public private(set) var enrollmentCard: [Int32] = []
  /// Each enrollment's channel as its position in `Channel.allCases`, by enrollment: a column of
  /// bytes for what reads the channel of many enrollments (the rewards file, SPEC 8's checks),
  /// shared as it is by every part of a batch decided in parts, where the enrollments' values
  /// hold their ids as text and were read again for each part.
  public private(set) var enrollmentChannelPositions: [UInt8] = []

  /// Transaction ids.
  public private(set) var transactionIDs = IdentifierArena()
  /// Each transaction's card, as an index into `cards`.
  public private(set) var transactionCard: [Int32] = []
  /// Each transaction's time, in nanoseconds since the epoch.
  public private(set) var time: [Int64] = []
  /// Each transaction's amount, in minor units.
  public private(set) var amount: [Int64] = []
  /// What has been refunded of each, in minor units.
  public private(set) var refunded: [Int64] = []
  /// Each transaction's status.
  public private(set) var status: [TransactionStatus] = []
  /// How each was paid.
  public private(set) var method: [PaymentMethod] = []
  /// Each transaction's currency, as an index into `currencies`.
  public private(set) var currencyIndex: [UInt16] = []
  /// The currencies met so far.
  public private(set) var currencies: [Currency] = []
  /// The enrollment each names, as an index into `enrollments`, or -1.
  public private(set) var namedEnrollment: [Int32] = []
  /// Each transaction's merchant category, or -1.
  public private(set) var mcc: [Int16] = []
  /// Each transaction's merchant (empty when none), kept only when `keepsMerchants`: only a
  /// promotion with a `merchants` list reads them, and bytes per row cost a bank's batch.
  public private(set) var merchants = IdentifierArena()
  /// Whether `merchants` holds every transaction's merchant. A ledger of domain values keeps
  /// them; a loader keeps them when asked (`keepMerchants()`).
  public private(set) var keepsMerchants = false
  /// The earliest and latest transaction times, kept as transactions are added so that no one
  /// scans millions of times for them.
  private var earliestTime = Int64.max
  private var latestTime = Int64.min

  /// The earliest and latest transaction times, in nanoseconds; nil without transactions.
  public var timeSpan: ClosedRange<Int64>? {
    earliestTime <= latestTime ? earliestTime...latestTime : nil
  }

  /// An empty ledger.
  public init() {}

  /// A ledger of domain values. Every transaction's card and named enrollment must be given,
  /// and ids unique: callers have checked that.
  public init(cards: [Card], enrollments: [Enrollment], transactions: [Transaction]) {
    keepsMerchants = true
    var cardIndexByID: [Identifier: Int32] = [:]
    var enrollmentIndexByID: [Identifier: Int32] = [:]
    for card in cards {
      precondition(cardIndexByID[card.id] == nil, "duplicate card \(card.id)")
      cardIndexByID[card.id] = Int32(self.cards.count)
      append(card)
    }
    for enrollment in enrollments {
      guard let card = cardIndexByID[enrollment.card], enrollmentIndexByID[enrollment.id] == nil
      else {
        preconditionFailure("enrollment \(enrollment.id) is a duplicate or names an unknown card")
      }
      enrollmentIndexByID[enrollment.id] = Int32(self.enrollments.count)
      append(enrollment, card: card)
    }
    reserveTransactions(transactions.count, averageIDLength: 12)
    for transaction in transactions {
      guard let card = cardIndexByID[transaction.card] else {
        preconditionFailure("transaction \(transaction.id) names an unknown card")
      }
      var named: Int32 = -1
      if let id = transaction.enrollment {
        guard let index = enrollmentIndexByID[id] else {
          preconditionFailure("transaction \(transaction.id) names an unknown enrollment")
        }
        named = index
      }
      var id = transaction.id.rawValue
      var merchant = transaction.merchant ?? ""
      id.withUTF8 { bytes in
        merchant.withUTF8 { merchantBytes in
          appendTransaction(
            id: UnsafeRawBufferPointer(bytes), card: card, time: transaction.time,
            amount: transaction.amount, currency: transaction.currency,
            method: transaction.method, status: transaction.status,
            refunded: transaction.refunded, enrollment: named, mcc: transaction.mcc,
            merchant: UnsafeRawBufferPointer(merchantBytes))
        }
      }
    }
  }

  /// Adds a card, numbered `cards.count`; the caller has checked that its id is new.
  public mutating func append(_ card: Card) {
    cards.append(card)
  }

  /// Adds cards, numbered from `cards.count` on; the caller has checked that their ids are new.
  /// The first cards of a ledger are taken as they are, without a copy, and keep their room for
  /// more.
  public mutating func append(contentsOf cards: consuming [Card]) {
    if self.cards.isEmpty {
      self.cards = cards
    } else {
      self.cards.append(contentsOf: cards)
    }
  }

  /// Adds enrollments, numbered from `enrollments.count` on, with the index of each one's card
  /// (`cards[i]` for `enrollments[i]`); the caller has checked as for `append(_:card:)`, having
  /// found each card by the enrollment's card id, which is checked again only in debug builds.
  /// The first enrollments of a ledger are taken as they are, as with cards.
  public mutating func append(
    contentsOf enrollments: consuming [Enrollment], cards enrollmentCards: consuming [Int32]
  ) {
    precondition(enrollments.count == enrollmentCards.count, "enrollments without their cards")
    assert(
      zip(enrollments, enrollmentCards).allSatisfy { cards[Int($1)].id == $0.card },
      "enrollment of another card")
    enrollmentChannelPositions.reserveCapacity(enrollmentChannelPositions.count + enrollments.count)
    for index in enrollments.indices {
      enrollmentChannelPositions.append(Self.channelPosition(enrollments[index].channel))
    }
    if self.enrollments.isEmpty {
      self.enrollments = enrollments
      enrollmentCard = enrollmentCards
    } else {
      self.enrollments.append(contentsOf: enrollments)
      enrollmentCard.append(contentsOf: enrollmentCards)
    }
  }

  /// Adds an enrollment of the card at index `card`, numbered `enrollments.count`; the caller
  /// has checked that its id is new and that the card is this enrollment's.
  public mutating func append(_ enrollment: Enrollment, card: Int32) {
    precondition(cards[Int(card)].id == enrollment.card, "enrollment of another card")
    enrollments.append(enrollment)
    enrollmentCard.append(card)
    enrollmentChannelPositions.append(Self.channelPosition(enrollment.channel))
  }

  /// The position of `channel` in `Channel.allCases`.
  private static func channelPosition(_ channel: Channel) -> UInt8 {
    UInt8(Channel.allCases.firstIndex(of: channel)!)
  }

  /// The number of transactions.
  public var transactionCount: Int { time.count }

  /// Makes room for `count` more transactions.
  public mutating func reserveTransactions(_ count: Int, averageIDLength: Int) {
    transactionIDs.reserveCapacity(count, averageLength: averageIDLength)
    transactionCard.reserveCapacity(count)
    time.reserveCapacity(count)
    amount.reserveCapacity(count)
    refunded.reserveCapacity(count)
    status.reserveCapacity(count)
    method.reserveCapacity(count)
    currencyIndex.reserveCapacity(count)
    namedEnrollment.reserveCapacity(count)
    mcc.reserveCapacity(count)
  }

  /// Appends a transaction whose card and named enrollment are given as indices.
  package mutating func appendTransaction(
    id: UnsafeRawBufferPointer, card: Int32, time instant: Instant, amount: Money,
    currency: Currency, method: PaymentMethod, status: TransactionStatus, refunded: Money,
    enrollment: Int32, mcc code: MerchantCategoryCode?, merchant: UnsafeRawBufferPointer? = nil
  ) {
    precondition(Int(card) < cards.count && Int(enrollment) < enrollments.count, "bad index")
    if keepsMerchants { merchants.append(merchant ?? UnsafeRawBufferPointer(start: nil, count: 0)) }
    transactionIDs.append(id)
    transactionCard.append(card)
    time.append(instant.nanosecondsSinceEpoch)
    earliestTime = min(earliestTime, instant.nanosecondsSinceEpoch)
    latestTime = max(latestTime, instant.nanosecondsSinceEpoch)
    self.amount.append(amount.minorUnits)
    self.refunded.append(refunded.minorUnits)
    self.status.append(status)
    self.method.append(method)
    if let known = currencies.firstIndex(of: currency) {
      currencyIndex.append(UInt16(known))
    } else {
      currencyIndex.append(UInt16(currencies.count))
      currencies.append(currency)
    }
    namedEnrollment.append(enrollment)
    mcc.append(code?.value ?? -1)
  }

  /// Appends a batch of transactions given column by column, all in `currency`, paid by `method`
  /// and in `status`, as most rows of a bank's file are: each column grows once per batch, where
  /// appending row by row grew every column for every row.
  package mutating func appendTransactions(
    ids: IdentifierArena, cards: UnsafeBufferPointer<Int32>, times: UnsafeBufferPointer<Int64>,
    amounts: UnsafeBufferPointer<Int64>, refunded refundedAmounts: UnsafeBufferPointer<Int64>,
    enrollments: UnsafeBufferPointer<Int32>, mcc codes: UnsafeBufferPointer<Int16>,
    currency: Currency, method paidBy: PaymentMethod, status settled: TransactionStatus,
    merchants rowMerchants: IdentifierArena? = nil
  ) {
    let count = ids.count
    precondition(
      !keepsMerchants || rowMerchants?.count == count, "a ledger keeping merchants given none")
    precondition(
      cards.count == count && times.count == count && amounts.count == count
        && refundedAmounts.count == count && enrollments.count == count && codes.count == count,
      "columns of different lengths")
    precondition(
      cards.allSatisfy { $0 >= 0 && Int($0) < self.cards.count }
        && enrollments.allSatisfy { Int($0) < self.enrollments.count },
      "bad index")
    guard count > 0 else { return }
    transactionIDs.append(contentsOf: ids)
    transactionCard.append(contentsOf: cards)
    time.append(contentsOf: times)
    for instant in times {
      earliestTime = min(earliestTime, instant)
      latestTime = max(latestTime, instant)
    }
    amount.append(contentsOf: amounts)
    refunded.append(contentsOf: refundedAmounts)
    status.append(contentsOf: repeatElement(settled, count: count))
    method.append(contentsOf: repeatElement(paidBy, count: count))
    let known = currencies.firstIndex(of: currency) ?? currencies.count
    if known == currencies.count { currencies.append(currency) }
    currencyIndex.append(contentsOf: repeatElement(UInt16(known), count: count))
    namedEnrollment.append(contentsOf: enrollments)
    mcc.append(contentsOf: codes)
    if keepsMerchants, let rowMerchants { merchants.append(contentsOf: rowMerchants) }
  }

  /// Makes the ledger keep each transaction's merchant from now on; asked before any
  /// transaction is added, by a loader deciding under a promotion that lists merchants.
  public mutating func keepMerchants() {
    precondition(transactionCount == 0, "merchants kept from the first transaction on")
    keepsMerchants = true
  }

  /// Moves every transaction of `other`, a ledger over the same cards and enrollments, after
  /// this one's: `other` read a later part of a file than this one. Each column of `other` is
  /// released as soon as it is copied, so the two never both hold all of their transactions
  /// at once. The columns are copied on two threads, about half the bytes each: copying (and
  /// first touching the room it lands in) is all the work.
  public mutating func appendTransactions(movingFrom other: inout Ledger) {
    precondition(
      other.cards.count == cards.count && other.enrollments.count == enrollments.count,
      "transactions of a ledger over other cards")
    precondition(other.keepsMerchants == keepsMerchants, "parts that kept different columns")
    merchants.append(contentsOf: other.merchants)
    other.merchants = IdentifierArena()
    earliestTime = min(earliestTime, other.earliestTime)
    latestTime = max(latestTime, other.latestTime)
    // The first share's columns are taken out of both ledgers, so that one thread works on
    // them alone while the other works on what is left in the ledgers: no value is reached
    // from both threads.
    var mine = IDsTimesAndCards(taking: &self)
    var theirs = IDsTimesAndCards(taking: &other)
    _ = bothAtOnce(
      { mine.append(movingFrom: &theirs) }, { self.moveAmountsAndCodes(from: &other) })
    mine.put(into: &self)
  }

  /// The first share of `appendTransactions(movingFrom:)`, 25 to 35 bytes a transaction: ids,
  /// times and cards, held apart from their ledger while one thread appends them.
  private struct IDsTimesAndCards {
    var ids: IdentifierArena
    var time: [Int64]
    var card: [Int32]

    /// Takes the columns out of `ledger`, leaving them empty there.
    init(taking ledger: inout Ledger) {
      ids = ledger.transactionIDs
      time = ledger.time
      card = ledger.transactionCard
      ledger.transactionIDs = IdentifierArena()
      ledger.time = []
      ledger.transactionCard = []
    }

    /// Appends `other`'s columns to these, emptying `other`'s as it goes.
    mutating func append(movingFrom other: inout IDsTimesAndCards) {
      ids.append(contentsOf: other.ids)
      other.ids = IdentifierArena()
      time.append(contentsOf: other.time)
      other.time = []
      card.append(contentsOf: other.card)
      other.card = []
    }

    /// Puts the columns back into `ledger`.
    consuming func put(into ledger: inout Ledger) {
      ledger.transactionIDs = ids
      ledger.time = time
      ledger.transactionCard = card
    }
  }

  /// The second share of `appendTransactions(movingFrom:)`: 34 bytes a transaction.
  private mutating func moveAmountsAndCodes(from other: inout Ledger) {
    amount.append(contentsOf: other.amount)
    other.amount = []
    refunded.append(contentsOf: other.refunded)
    other.refunded = []
    status.append(contentsOf: other.status)
    other.status = []
    method.append(contentsOf: other.method)
    other.method = []
    let currencyMap = other.currencies.map { currency -> UInt16 in
      if let known = currencies.firstIndex(of: currency) { return UInt16(known) }
      currencies.append(currency)
      return UInt16(currencies.count - 1)
    }
    currencyIndex.append(contentsOf: other.currencyIndex.lazy.map { currencyMap[Int($0)] })
    other.currencyIndex = []
    namedEnrollment.append(contentsOf: other.namedEnrollment)
    other.namedEnrollment = []
    mcc.append(contentsOf: other.mcc)
    other.mcc = []
  }

  /// The transaction at `index` as a value.
  public func transaction(at index: Int) -> Transaction {
    Transaction(
      id: transactionIDs[index], card: cards[Int(transactionCard[index])].id,
      time: Instant(nanosecondsSinceEpoch: time[index]),
      amount: Money(minorUnits: amount[index]), currency: currencies[Int(currencyIndex[index])],
      method: method[index], status: status[index], refunded: Money(minorUnits: refunded[index]),
      enrollment: namedEnrollment[index] < 0
        ? nil : enrollments[Int(namedEnrollment[index])].id,
      merchant: merchant(at: index),
      mcc: mcc[index] < 0 ? nil : MerchantCategoryCode(value: mcc[index]))
  }

  /// The merchant of the transaction at `index`, when kept and not empty.
  public func merchant(at index: Int) -> String? {
    guard keepsMerchants else { return nil }
    let text = merchants[index].rawValue
    return text.isEmpty ? nil : text
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
