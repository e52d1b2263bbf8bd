import Dispatch

/// What the engine needs of cards and enrollments, worked out once rather than per transaction:
/// each card's holder and own eligibility (checks 4–7), and its enrollments in the order the
/// SPEC infers them (earliest enrolled, then smaller id).
///
/// A transaction's checks read one `CardRecord`, 32 bytes, which holds all of that for a card
/// with at most one enrollment: over hundreds of thousands of cards each read is likely a cache
/// miss, and one array per fact cost one miss each.
struct CardFacts: Sendable {
  /// One card's facts, as the per-transaction checks need them; fields in this order make 32
  /// bytes, two records to a cache line.
  struct CardRecord {
    /// The holder's rank among holders in the order of their id bytes.
    var holder: Int32 = 0
    /// The card's earliest-enrolled enrollment, or -1 when it has none.
    var firstEnrollment: Int32 = -1
    /// How many enrollments the card has.
    var enrollmentCount: Int32 = 0
    /// The stored code of the card's own reason not to earn (checks 4–7), or 0.
    var reason: UInt8 = 0
    /// When that enrollment began, in nanoseconds.
    var firstEnrolledAt: Int64 = 0
    /// When it was removed, in nanoseconds (`Int64.max` when never).
    var firstRemovedAt: Int64 = 0
  }

  let records: [CardRecord]

  /// What a transaction that names an enrollment needs of it, in one record, as the card's
  /// record: read by index among hundreds of thousands, each array a cache miss of its own.
  struct EnrollmentRecord {
    /// When it began, in nanoseconds.
    var enrolledAt: Int64
    /// When it was removed, in nanoseconds (`Int64.max` when never).
    var removedAt: Int64
    /// Its card.
    var card: Int32
  }

  /// Every enrollment's record, by its index.
  let enrollmentRecords: [EnrollmentRecord]
  /// A card of each holder, by the holder's rank among holders in the order of their id bytes,
  /// which is the order of the rewards file: sorting it by holder sorts integers.
  let holderCards: [Int32]
  /// Each card's holder, by that rank.
  let holderOfCard: [Int32]
  let campaignFirstDay: Int
  let campaignLastDay: Int
  /// Whether each merchant category code, 0–9999, is excluded: an array, not a set, as every
  /// transaction with a code asks.
  let excludedMCC: [Bool]
  /// SPEC 8's `weekdays` as bits 1 (Monday) … 7 (Sunday), and `monthDays` as bits 1 … 31; every
  /// bit set when the promotion does not list them.
  let weekdayBits: UInt8
  let monthDayBits: UInt32
  /// Whether each enrollment's channel is among `channels`, by enrollment; empty when the
  /// promotion takes both.
  let channelQualifies: [Bool]
  /// Whether each merchant category code is in `mccs`; empty when neither `mccs` nor
  /// `merchants` is given (no transaction is then asked).
  let listedMCC: [Bool]
  /// The `merchants` list, each ASCII-lower-cased, as a transaction's merchant is compared.
  let listedMerchants: [[UInt8]]
  /// Whether each of the ledger's currencies is the promotion's, by `currencyIndex`.
  private(set) var currencyMatches: [Bool]
  /// Where each card's enrollments start in `sorted`, and (last) where they all end: card `c`
  /// owns `sorted[enrollmentStarts[c]..<enrollmentStarts[c + 1]]`. Only cards with more than
  /// one enrollment look here; their record holds the rest.
  let enrollmentStarts: [Int]
  /// Every card's enrollments, flattened, each card's in the order the SPEC infers them.
  let sorted: [Int32]
  let sortedEnrolledAt: [Int64]
  let sortedRemovedAt: [Int64]
  /// For cards with many enrollments, a tree of the latest removal time per range, so that the
  /// earliest active enrollment is found in logarithmic time.
  let removalTrees: [Int: RemovalTree]

  /// The facts of `ledger`'s cards under `promotion`; `ranks`, when given, are the holders'
  /// ranks `rankHolders` gives for its cards, worked out before.
  init(
    ledger: Ledger, promotion: Promotion,
    ranks: (holderOfCard: [Int32], holderCards: [Int32])? = nil
  ) {
    let cards = ledger.cards
    // The holders' ranks and the cards' enrollments in order, one on each core: neither needs
    // the other, and each is a pass or a sort over hundreds of thousands of values.
    let ((holderOfCard, holderCards), enrollmentOrder) = bothAtOnce(
      { ranks ?? CardFacts.rankHolders(cards) }, { EnrollmentOrder(ledger) })
    self.holderCards = holderCards
    self.holderOfCard = holderOfCard
    campaignFirstDay = promotion.campaignStart?.daysSinceEpoch ?? Int.min
    campaignLastDay = promotion.campaignEnd?.daysSinceEpoch ?? Int.max
    var excluded = [Bool](repeating: false, count: 10_000)
    for code in promotion.excludedMCCs { excluded[Int(code.value)] = true }
    excludedMCC = excluded
    currencyMatches = ledger.currencies.map { $0 == promotion.currency }
    weekdayBits = promotion.weekdays.map { $0.reduce(UInt8(0)) { $0 | 1 << $1 } } ?? 0xFE
    monthDayBits =
      promotion.monthDays.map { $0.reduce(UInt32(0)) { $0 | 1 << $1 } } ?? 0xFFFF_FFFE
    channelQualifies =
      promotion.channels.map { channels in ledger.enrollments.map { channels.contains($0.channel) }
      } ?? []
    if promotion.mccs != nil || promotion.merchants != nil {
      var listed = [Bool](repeating: false, count: 10_000)
      for code in promotion.mccs ?? [] { listed[Int(code.value)] = true }
      listedMCC = listed
    } else {
      listedMCC = []
    }
    listedMerchants = (promotion.merchants ?? []).map { Array($0.utf8).map(CardFacts.asciiLower) }

    let order = enrollmentOrder
    enrollmentRecords = order.records
    sorted = order.sorted
    enrollmentStarts = order.starts
    sortedEnrolledAt = order.sortedEnrolledAt
    sortedRemovedAt = order.sortedRemovedAt
    removalTrees = order.trees

    // Two halves at once; cards share a handful of issuer, type, network and role combinations,
    // so each half judges each combination once.
    let sortedEnrolledAt = order.sortedEnrolledAt
    let sortedRemovedAt = order.sortedRemovedAt
    let enrollmentStarts = order.starts
    let sortedEnrollments = order.sorted
    records = [CardRecord](unsafeUninitializedCapacity: cards.count) { records, initialized in
      let shared = UnsafeSendable(records)
      let middle = cards.count / 2
      DispatchQueue.concurrentPerform(iterations: 2) { half in
        var reasons: [EligibilityKey: UInt8] = [:]
        // A file has a handful of combinations, met in any order: the few met last are
        // compared one by one (hashing the issuer's text cost more) before the table is hashed.
        var recent: [(key: EligibilityKey, reason: UInt8)] = []
        for index in half == 0 ? 0..<middle : middle..<cards.count {
          let card = cards[index]
          let key = EligibilityKey(
            issuer: card.issuer, type: card.type, network: card.network, role: card.role)
          var record = CardRecord()
          record.holder = holderOfCard[index]
          if let found = recent.lastIndex(where: { $0.key == key }) {
            record.reason = recent[found].reason
            if found != recent.count - 1 { recent.append(recent.remove(at: found)) }
          } else {
            if let reason = reasons[key] {
              record.reason = reason
            } else {
              record.reason = CardFacts.reason(for: card, promotion: promotion)?.storedCode ?? 0
              reasons[key] = record.reason
            }
            if recent.count == 8 { recent.removeFirst() }
            recent.append((key, record.reason))
          }
          let start = enrollmentStarts[index]
          record.enrollmentCount = Int32(enrollmentStarts[index + 1] - start)
          if record.enrollmentCount > 0 {
            record.firstEnrollment = sortedEnrollments[start]
            record.firstEnrolledAt = sortedEnrolledAt[start]
            record.firstRemovedAt = sortedRemovedAt[start]
          }
          (shared.value.baseAddress! + index).initialize(to: record)
        }
      }
      initialized = cards.count
    }
  }

  /// Every card's enrollments in the order the SPEC infers them, and what is read of them.
  private struct EnrollmentOrder {
    var records: [EnrollmentRecord]
    var starts: [Int]
    var sorted: [Int32]
    var sortedEnrolledAt: [Int64]
    var sortedRemovedAt: [Int64]
    var trees: [Int: RemovalTree]

    init(_ ledger: Ledger) {
      let cards = ledger.cards
      let enrollments = ledger.enrollments
      let enrolledAt = enrollments.map(\.enrolledAt.nanosecondsSinceEpoch)
      let removedAt = enrollments.map { $0.removedAt?.nanosecondsSinceEpoch ?? Int64.max }
      records = enrollments.indices.map { index in
        EnrollmentRecord(
          enrolledAt: enrolledAt[index], removedAt: removedAt[index],
          card: ledger.enrollmentCard[index])
      }
      var counts = [Int](repeating: 0, count: cards.count + 1)
      for card in ledger.enrollmentCard { counts[Int(card) + 1] += 1 }
      for index in 1..<counts.count { counts[index] += counts[index - 1] }
      var next = counts
      var sorted = [Int32](repeating: 0, count: enrollments.count)
      for (index, card) in ledger.enrollmentCard.enumerated() {
        sorted[next[Int(card)]] = Int32(index)
        next[Int(card)] += 1
      }
      for card in 0..<cards.count where counts[card + 1] - counts[card] > 1 {
        sorted[counts[card]..<counts[card + 1]].sort { left, right in
          let a = enrollments[Int(left)]
          let b = enrollments[Int(right)]
          return a.enrolledAt != b.enrolledAt ? a.enrolledAt < b.enrolledAt : a.id < b.id
        }
      }
      self.sorted = sorted
      starts = counts
      sortedEnrolledAt = sorted.map { enrolledAt[Int($0)] }
      sortedRemovedAt = sorted.map { removedAt[Int($0)] }
      var trees: [Int: RemovalTree] = [:]
      for card in 0..<cards.count where counts[card + 1] - counts[card] > 8 {
        trees[card] = RemovalTree(Array(sortedRemovedAt[counts[card]..<counts[card + 1]]))
      }
      self.trees = trees
    }
  }

  /// These facts for a ledger with the same cards and enrollments whose currencies are
  /// `currencies` (by `currencyIndex`).
  func with(currencies: [Currency], promotion: Promotion) -> CardFacts {
    var facts = self
    facts.currencyMatches = currencies.map { $0 == promotion.currency }
    return facts
  }

  /// Each card's holder as a rank among the holders' ids in byte order, and a card of each
  /// holder by rank. Cards are sorted by the first 16 bytes of their holder's id, packed
  /// big-endian into two integers, and its length; only longer ids that share those bytes
  /// compare as text, so the sort and the ranking rarely go back to the cards.
  static func rankHolders(_ cards: [Card]) -> (holderOfCard: [Int32], holderCards: [Int32]) {
    struct HolderKey {
      /// The id's first 8 bytes, big-endian, zero-padded.
      var head: UInt64
      /// Its next 8.
      var tail: UInt64
      /// Its length in bytes.
      var length: Int
      /// The card whose holder this is.
      var card: Int32
    }
    var keys = cards.indices.map { index -> HolderKey in
      var id = cards[index].holder.rawValue
      return id.withUTF8 { bytes in
        var head = UInt64(0)
        var tail = UInt64(0)
        for (position, byte) in bytes.prefix(16).enumerated() {
          if position < 8 {
            head |= UInt64(byte) << (56 - 8 * position)
          } else {
            tail |= UInt64(byte) << (56 - 8 * (position - 8))
          }
        }
        return HolderKey(head: head, tail: tail, length: bytes.count, card: Int32(index))
      }
    }
    /// Negative, zero or positive as `left`'s holder sorts before, is, or sorts after `right`'s.
    func compare(_ left: HolderKey, _ right: HolderKey) -> Int {
      if left.head != right.head { return left.head < right.head ? -1 : 1 }
      if left.tail != right.tail { return left.tail < right.tail ? -1 : 1 }
      if left.length > 16 && right.length > 16 {
        let leftID = cards[Int(left.card)].holder
        let rightID = cards[Int(right.card)].holder
        return leftID == rightID ? 0 : leftID < rightID ? -1 : 1
      }
      return left.length - right.length
    }
    keys.withUnsafeMutableBufferPointer { keys in
      InPlaceSort.sort(keys) {
        let order = compare($0, $1)
        return order != 0 ? order < 0 : $0.card < $1.card
      }
    }
    var holderOfCard = [Int32](repeating: 0, count: cards.count)
    var holderCards: [Int32] = []
    for (position, key) in keys.enumerated() {
      if position == 0 || compare(keys[position - 1], key) != 0 { holderCards.append(key.card) }
      holderOfCard[Int(key.card)] = Int32(holderCards.count - 1)
    }
    return (holderOfCard, holderCards)
  }

  /// What a card's own eligibility (checks 4–7) depends on.
  private struct EligibilityKey: Hashable {
    /// The card's issuer, as kept (a known bank's code).
    var issuer: String?
    /// Its type.
    var type: CardType
    /// Its network.
    var network: Network
    /// Primary or supplementary.
    var role: CardRole
  }

  static func reason(for card: Card, promotion: Promotion) -> ReasonCode? {
    // Once per combination, not per card: folding a known bank's names costs a little.
    if !Issuer.qualifies(card.issuer, for: promotion.issuer) { return .otherIssuer }
    if let types = promotion.cardTypes, !types.contains(card.type) { return .ineligibleCardType }
    if let networks = promotion.networks, !networks.contains(card.network) {
      return .ineligibleNetwork
    }
    if card.role == .supplementary && promotion.supplementaryCards == .exclude {
      return .supplementaryCard
    }
    return nil
  }

  /// The byte with an ASCII capital letter lower-cased, as merchants are compared.
  @inline(__always)
  static func asciiLower(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

  /// Whether the local day `day` (days since the epoch) is among the promotion's weekdays and
  /// month days (SPEC 8 `outside-days` when not).
  func isListedDay(_ day: Int) -> Bool {
    if weekdayBits != 0xFE {
      let isoWeekday = ((day + 3) % 7 + 7) % 7 + 1
      if weekdayBits & (1 << isoWeekday) == 0 { return false }
    }
    if monthDayBits != 0xFFFF_FFFE {
      if monthDayBits & (1 << CivilDate(daysSinceEpoch: day).day) == 0 { return false }
    }
    return true
  }

  /// Whether the transaction at `index` of `ledger` is at a listed merchant: its code is among
  /// `mccs`, or its merchant contains one of `merchants` (SPEC 8 `not-listed-merchant` when
  /// not). Asked only when the promotion lists either.
  func isListedMerchant(_ index: Int, in ledger: Ledger) -> Bool {
    let code = ledger.mcc[index]
    if code >= 0 && listedMCC[Int(code)] { return true }
    guard !listedMerchants.isEmpty else { return false }
    precondition(ledger.keepsMerchants, "a promotion listing merchants over a ledger without them")
    return ledger.merchants.withBytes(at: index) { merchant in
      listedMerchants.contains { listed in CardFacts.contains(merchant, listed) }
    }
  }

  /// Whether `merchant` holds `listed` (already lower-cased), ASCII letters without case.
  static func contains(_ merchant: UnsafeBufferPointer<UInt8>, _ listed: [UInt8]) -> Bool {
    guard !listed.isEmpty, listed.count <= merchant.count else { return listed.isEmpty }
    for start in 0...(merchant.count - listed.count) {
      var position = 0
      while position < listed.count && asciiLower(merchant[start + position]) == listed[position] {
        position += 1
      }
      if position == listed.count { return true }
    }
    return false
  }

  /// The enrollment a transaction counts under: the one it names if that one is this card's and
  /// active, else the card's earliest-enrolled active one; -1 when the card is not enrolled.
  /// `namedRecord` is the named enrollment's record (`enrollmentRecords`), read beforehand by
  /// a caller that reads many at once; any record when none is named.
  @inline(__always)
  func enrollment(
    named: Int32, namedRecord: EnrollmentRecord, card: Int, record: CardRecord, at time: Int64
  ) -> Int32 {
    // Most cards have one enrollment and most rows name none: that case is inlined in the
    // checks of millions of rows, and so is a named one; a card with several is not.
    if named < 0 && record.enrollmentCount <= 1 {
      return record.enrollmentCount == 1 && record.firstEnrolledAt <= time
        && time < record.firstRemovedAt ? record.firstEnrollment : -1
    }
    if named >= 0 {
      let problem = EnrollmentFinding.problem(
        namedBindingOfOwnCard: Int(namedRecord.card) == card, enrolledAt: namedRecord.enrolledAt,
        removedAt: namedRecord.removedAt, at: time)
      return problem == nil ? named : -1
    }
    return enrollmentOtherwise(card: card, record: record, at: time)
  }

  /// `enrollment(named:namedRecord:card:record:at:)` when a row names none and its card has
  /// several.
  @inline(never)
  private func enrollmentOtherwise(card: Int, record: CardRecord, at time: Int64) -> Int32 {
    switch record.enrollmentCount {
    case 0:
      return -1
    case 1:
      return record.firstEnrolledAt <= time && time < record.firstRemovedAt
        ? record.firstEnrollment : -1
    default:
      break
    }
    let start = enrollmentStarts[card]
    let end = enrollmentStarts[card + 1]
    // Enrolled at or before `time`: a prefix of the card's enrollments in enrollment order.
    var low = start
    var high = end
    while low < high {
      let middle = (low + high) / 2
      if sortedEnrolledAt[middle] <= time { low = middle + 1 } else { high = middle }
    }
    let prefixEnd = low
    if end - start > 8, let tree = removalTrees[card] {
      guard let offset = tree.firstIndex(before: prefixEnd - start, removedAfter: time) else {
        return -1
      }
      return sorted[start + offset]
    }
    for position in start..<prefixEnd where sortedRemovedAt[position] > time {
      return sorted[position]
    }
    return -1
  }
}

/// A segment tree of removal times: finds the first enrollment in a prefix still active at a time.
struct RemovalTree {
  private let size: Int
  private var maximum: [Int64]

  init(_ removedAt: [Int64]) {
    var size = 1
    while size < removedAt.count { size *= 2 }
    self.size = size
    maximum = [Int64](repeating: Int64.min, count: 2 * size)
    for (index, value) in removedAt.enumerated() { maximum[size + index] = value }
    for node in stride(from: size - 1, through: 1, by: -1) {
      maximum[node] = max(maximum[2 * node], maximum[2 * node + 1])
    }
  }

  /// The smallest index below `limit` whose removal time is after `time`.
  func firstIndex(before limit: Int, removedAfter time: Int64) -> Int? {
    func search(_ node: Int, _ low: Int, _ high: Int) -> Int? {
      if low >= limit || maximum[node] <= time { return nil }
      if high - low == 1 { return low }
      let middle = (low + high) / 2
      return search(2 * node, low, middle) ?? search(2 * node + 1, middle, high)
    }
    return search(1, 0, size)
  }
}

extension Promotion {
  /// Why `card` can never earn under this promotion, whatever is bought with it and however it
  /// is bound: the first of the checks on the card alone (issuer, type, network, role) that it
  /// fails; nil when it passes them all.
  public func cardReason(_ card: Card) -> ReasonCode? {
    CardFacts.reason(for: card, promotion: self)
  }
}
