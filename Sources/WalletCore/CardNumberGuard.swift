/// Recognises values that hold a full card number (PAN), which wallet never keeps (SPEC 6).
///
/// Digits are ASCII `0`–`9` or full-width `０`–`９`. A group is a run of digits; groups are
/// separated by a run of separators: space, tab, `-`, `.`, `/`, `_`, and every other Unicode space
/// separator (category Zs: no-break space U+00A0, the spaces U+2000–U+200A, thin space U+2009
/// among them, narrow no-break space U+202F, medium mathematical space U+205F, ideographic space
/// U+3000, ogham space mark U+1680), because a number copied from a statement or a chat comes
/// with whichever space its font used. Any other character ends the sequence.
///
/// A value holds a card number when the digits of one group, or of several consecutive groups of
/// at least three digits each, number 13–19 and pass the Luhn check, or number 16–19 and start
/// with `62` whether or not they pass it (UnionPay numbers do not always use Luhn). Cards are
/// printed 4-4-4-4 or 4-6-5, while dates, times and amounts have groups of one or two digits,
/// which therefore never join others. Every window of consecutive groups counts, so a card
/// number followed by a year (`4111 1111 1111 1111 2026`) is still found; a single group of 20
/// or more digits is a reference (an order number), never a card number, and a window never
/// splits a group.
public enum CardNumberGuard {
  /// The last four digits (ASCII, even when the value has full-width ones) of the first card
  /// number in `text`, or nil when there is none. The first is the one that starts first,
  /// taken whole: in `6222 0200 0000 0000 001` it is all 19 digits, though the first 16 would
  /// do, so the digits reported are the ones the cardholder knows, `0001`.
  public static func lastFourOfCardNumber(in text: String) -> String? {
    // Imports call this on every id, holder and merchant of millions of rows: one pass over the
    // bytes, in place, allocating nothing unless a card number is found.
    if let result = text.utf8.withContiguousStorageIfAvailable(scan) { return result }
    var contiguous = text
    contiguous.makeContiguousUTF8()
    return contiguous.utf8.withContiguousStorageIfAvailable(scan) ?? nil
  }

  /// True when `text` holds something that looks like a full card number.
  public static func containsCardNumber(_ text: String) -> Bool {
    lastFourOfCardNumber(in: text) != nil
  }

  private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var groups = GroupWindow()
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte &- 0x30 < 10 {
        groups.append(digit: byte &- 0x30)
        index += 1
        continue
      }
      var length = 1
      var isSeparator = false
      switch byte {
      case 0x20, 0x09, 0x2D, 0x2E, 0x2F, 0x5F:  // space, tab, - . / _
        isSeparator = true
      case 0xC2:  // U+00A0
        if index + 1 < count, bytes[index + 1] == 0xA0 {
          isSeparator = true
          length = 2
        }
      case 0xE1, 0xE2, 0xE3, 0xEF:
        guard index + 2 < count else { break }
        let second = bytes[index + 1]
        let third = bytes[index + 2]
        if byte == 0xEF && second == 0xBC && third &- 0x90 < 10 {  // U+FF10–U+FF19
          groups.append(digit: third &- 0x90)
          index += 3
          continue
        }
        isSeparator = isThreeByteSpace(byte, second, third)
        if isSeparator { length = 3 }
      default:
        break
      }
      if let found = groups.endGroup() { return found }
      if !isSeparator, let found = groups.endSequence() { return found }
      index += length
    }
    return groups.endGroup() ?? groups.endSequence()
  }

  /// The Zs characters encoded in three bytes.
  private static func isThreeByteSpace(_ first: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
    switch (first, second) {
    case (0xE1, 0x9A): third == 0x80  // U+1680
    case (0xE2, 0x80): third &- 0x80 <= 0x0A || third == 0xAF  // U+2000–U+200A, U+202F
    case (0xE2, 0x81): third == 0x9F  // U+205F
    case (0xE3, 0x80): third == 0x80  // U+3000
    default: false
    }
  }
}

/// The digits and group lengths of the current sequence, as far back as any window can reach:
/// 19 digits, and 6 groups (a seventh group of three digits would take a window past 19).
/// Packed into integers so that scanning a value allocates nothing.
///
/// The card number reported is the one that starts first, read whole: in
/// `6222 0200 0000 0000 001` the first four groups already make a UnionPay number, but the
/// cardholder's number is all five, and ends `0001`. So a number found is held until no longer
/// window starting as early can end later: when the sequence ends, or when windows ending at
/// the latest group no longer reach back to its start.
private struct GroupWindow {
  /// The latest 16 digits, four bits each, the latest in the low bits.
  private var recentDigits: UInt64 = 0
  /// The 16 digits before those.
  private var olderDigits: UInt64 = 0
  /// The lengths of the latest 8 groups of the sequence, a byte each (capped at 255), the
  /// latest in the low byte.
  private var groupLengths: UInt64 = 0
  /// How many of those bytes belong to the sequence (at most 8).
  private var groupCount = 0
  /// The groups of the sequence closed so far; groups are numbered by it.
  private var groupsClosed = 0
  /// The digits of the group being read.
  private var currentLength = 0
  /// The number found that starts first, longest of those: its first group's number, and its
  /// last four digits, four bits each.
  private var found: (start: Int, lastFour: UInt16)?

  /// The shortest and longest card numbers.
  private static let lengths = 13...19

  mutating func append(digit: UInt8) {
    olderDigits = olderDigits << 4 | recentDigits >> 60
    recentDigits = recentDigits << 4 | UInt64(digit)
    currentLength += 1
  }

  /// The `position`-th digit from the end (0 is the latest); `position` < 32.
  private func digit(_ position: Int) -> Int {
    let word = position < 16 ? recentDigits : olderDigits
    return Int(truncatingIfNeeded: word >> UInt64(4 * (position & 15)) & 0xF)
  }

  /// Closes the group being read, if any; returns the last four digits of the card number
  /// found once nothing read later can change which one it is.
  mutating func endGroup() -> String? {
    guard currentLength > 0 else { return nil }
    let length = currentLength
    currentLength = 0
    groupLengths = groupLengths << 8 | UInt64(min(length, 255))
    groupCount = min(groupCount + 1, 8)
    let latest = groupsClosed
    groupsClosed += 1
    // Only windows ending with this group are new; the earlier ones were looked at when their
    // own last group closed. `reach` is the earliest group they can start at.
    var reach = latest
    var total = 0
    var luhnSum = 0
    for group in 0..<groupCount {
      let groupLength = Int(truncatingIfNeeded: groupLengths >> UInt64(8 * group) & 0xFF)
      // Groups shorter than three digits stand alone: dates, times, cents.
      if group > 0 && (groupLength < 3 || length < 3) { break }
      guard total + groupLength <= Self.lengths.upperBound else { break }
      reach = latest - group
      for position in total..<total + groupLength {
        var value = digit(position)
        if position & 1 == 1 {
          value *= 2
          if value > 9 { value -= 9 }
        }
        luhnSum += value
      }
      total += groupLength
      guard total >= Self.lengths.lowerBound else { continue }
      let isCardNumber =
        luhnSum % 10 == 0 || (total >= 16 && digit(total - 1) == 6 && digit(total - 2) == 2)
      // Of windows ending here, the one starting first; over the groups, the latest end.
      if isCardNumber && reach <= found?.start ?? reach {
        found = (reach, UInt16(digit(3) << 12 | digit(2) << 8 | digit(1) << 4 | digit(0)))
      }
    }
    // A window ending later would reach back no further than these did.
    guard let found, reach > found.start else { return nil }
    return Self.text(found.lastFour)
  }

  /// Ends the sequence: the character just read joins no groups. Returns the last four digits
  /// of the card number found in it, if any.
  mutating func endSequence() -> String? {
    groupCount = 0
    return found.map { Self.text($0.lastFour) }
  }

  /// Four digits packed four bits each, as ASCII text.
  private static func text(_ digits: UInt16) -> String {
    String(
      decoding: [12, 8, 4, 0].map { UInt8(48 + ((digits >> $0) & 0xF)) }, as: UTF8.self)
  }
}
