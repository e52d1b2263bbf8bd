import WalletCore

/// An amount as a statement cell writes it, read exactly.
package struct StatementAmount: Sendable, Equatable {
  /// The amount without its sign.
  package let magnitude: Money
  /// Whether the cell had a minus sign.
  package let isNegative: Bool
  /// The currency written with the amount (`CNY 123.18`, `¥28.16`), if any.
  package let currency: Currency?

  /// Reads a cell such as `CNY 123.18`, `CNY13.50`, `¥28.16`, `￥-5.00`, `RMB 1.00`,
  /// `"8,000.00"`, `-1,234.5` or `30.00(CN)`: an optional sign, an optional currency (an ISO
  /// code, `RMB`, `¥` or `￥`), digits with optional thousands separators and at most two
  /// decimals, and an optional parenthesised place code. Anything else is refused with the
  /// reason, never guessed at.
  package static func parse(_ cell: String) -> Result<StatementAmount, StatementAmountError> {
    var rest = Substring(cell).trimmingBlanks()
    var isNegative = false
    var currency: Currency?
    // The sign may come before the currency (`-¥5`) or after it (`¥-5`).
    for _ in 0..<2 {
      if let first = rest.first, first == "-" || first == "+" {
        if isNegative || first == "+" && rest.dropFirst().first == "-" {
          return .failure(.malformed)
        }
        isNegative = first == "-"
        rest = rest.dropFirst().trimmingBlanks()
        continue
      }
      if currency == nil, let (found, after) = leadingCurrency(rest) {
        guard let found else { return .failure(.unknownCurrency) }
        currency = found
        rest = after.trimmingBlanks()
        continue
      }
      break
    }
    // A place of purchase after the amount (`(CN)`).
    if rest.last == ")", let open = rest.lastIndex(of: "(") {
      let inside = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
      guard !inside.isEmpty, inside.allSatisfy({ $0.isASCII && $0.isLetter }) else {
        return .failure(.malformed)
      }
      rest = rest[..<open].trimmingBlanks()
    }
    guard let digits = withoutGrouping(rest) else { return .failure(.badGrouping) }
    do {
      let magnitude = try Money.parse(digits)
      return .success(
        StatementAmount(
          magnitude: magnitude, isNegative: isNegative && magnitude != .zero,
          currency: currency))
    } catch {
      return .failure(.money(error))
    }
  }

  /// A currency at the start of `text`: `¥`, `￥`, or a run of ASCII letters. Nil when there is
  /// none; `(nil, …)` when letters name no currency.
  private static func leadingCurrency(_ text: Substring) -> (Currency?, Substring)? {
    if let first = text.first, TypedSpelling.isYuanSign(first) { return (.cny, text.dropFirst()) }
    let letters = text.prefix(while: { $0.isASCII && $0.isLetter })
    guard !letters.isEmpty else { return nil }
    let rest = text[letters.endIndex...]
    if letters.uppercased() == "RMB" { return (.cny, rest) }
    return (Currency(parsing: String(letters)), rest)
  }

  /// The number with its thousands separators removed, when they stand where they should
  /// (every three digits of the whole part); nil otherwise.
  private static func withoutGrouping(_ text: Substring) -> String? {
    guard text.contains(",") else { return String(text) }
    let point = text.firstIndex(of: ".") ?? text.endIndex
    let groups = text[..<point].split(separator: ",", omittingEmptySubsequences: false)
    guard let first = groups.first, (1...3).contains(first.count),
      groups.dropFirst().allSatisfy({ $0.count == 3 }),
      !text[point...].contains(",")
    else { return nil }
    return groups.joined() + text[point...]
  }
}

/// Why an amount cell was refused; the command line words it.
package enum StatementAmountError: Error, Equatable, Sendable {
  /// Letters before the amount that are no currency code.
  case unknownCurrency
  /// Thousands separators out of place (`8,00.00`).
  case badGrouping
  /// Signs or symbols where none belong.
  case malformed
  /// The number itself (too many decimals, too large, not a number).
  case money(MoneyError)
}

extension Substring {
  /// Without surrounding spaces and tabs, the blanks the SPEC trims from every value.
  func trimmingBlanks() -> Substring {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    let start = firstIndex(where: { !isBlank($0) }) ?? endIndex
    let end = lastIndex(where: { !isBlank($0) }).map(index(after:)) ?? start
    return self[start..<end]
  }
}
