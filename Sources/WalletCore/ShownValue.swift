/// Shows a user's value inside an error message without leaking or garbling anything: card
/// numbers are masked, control and bidirectional-override characters escaped, and long values cut
/// short.
///
/// It lives in WalletCore, not beside the command line, because promotion files are checked here
/// and their errors quote the offending value; every message, from whichever module, must follow
/// the same rules.
public enum ShownValue {
  /// The most characters (Unicode scalars) of a value echoed back.
  public static let maximumLength = 40

  /// The value in single quotes, made safe to print. Transaction ids, which may be long bank
  /// references, pass `masksCardNumbers: false`.
  public static func quoted(_ value: String, masksCardNumbers: Bool = true) -> String {
    if masksCardNumbers, let lastFour = CardNumberGuard.lastFourOfCardNumber(in: value) {
      return "(a card number ending \(lastFour), not shown)"
    }
    return "'" + escaped(value) + "'"
  }

  /// Whether a scalar is a digit the card-number rule counts: ASCII or full-width.
  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
    ("0"..."9").contains(scalar) || ("\u{FF10}"..."\u{FF19}").contains(scalar)
  }

  /// The value made safe as `quoted` makes it, without the quotes, for a user's text that is
  /// itself part of a name, such as an unknown key in a field's path.
  public static func unquoted(_ value: String, masksCardNumbers: Bool = true) -> String {
    if masksCardNumbers, let lastFour = CardNumberGuard.lastFourOfCardNumber(in: value) {
      return "(a card number ending \(lastFour), not shown)"
    }
    return escaped(value)
  }

  /// The most characters (Unicode scalars) of an id shown in a sentence: ids are longer than
  /// most values (bank references), but a 20,000-character one still has no place in a line.
  public static let maximumIDLength = 120

  /// The value's first `limit` scalars, with every character that could move the cursor, hide
  /// text or reorder a terminal line written as `\u{…}`, and `…` when cut.
  public static func escaped(_ value: String, limit: Int = maximumLength) -> String {
    var shown = ""
    var count = 0
    var scalars = value.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if count == limit {
        // Cutting a long run of digits (an order number, which is no card number) could leave
        // a run of card-number length; a cut run is dropped whole.
        if isDigit(scalar) {
          while let last = shown.unicodeScalars.last, isDigit(last) {
            shown.unicodeScalars.removeLast()
          }
        }
        shown += "…"
        break
      }
      appendEscaping(scalar, to: &shown)
      count += 1
    }
    return shown
  }

  /// The whole value, every character that `mustEscape` escaped and nothing cut: for a table
  /// cell, whose column grows to fit.
  public static func escapedWhole(_ value: String) -> String {
    guard value.unicodeScalars.contains(where: mustEscape) else { return value }
    var shown = ""
    for scalar in value.unicodeScalars { appendEscaping(scalar, to: &shown) }
    return shown
  }

  /// The most characters of a file name shown: paths run longer than values, and the end of a
  /// path (the file's own name) says the most, so a longer one keeps its end.
  public static let maximumPathLength = 200

  /// A file name as messages show it: unquoted, escaped, a card number masked, and a very long
  /// one cut from the front.
  public static func path(_ path: String) -> String {
    if let lastFour = CardNumberGuard.lastFourOfCardNumber(in: path) {
      return "(a file name holding a card number ending \(lastFour), not shown)"
    }
    let scalars = path.unicodeScalars
    guard scalars.count > maximumPathLength else { return escapedWhole(path) }
    var tail = String.UnicodeScalarView()
    tail.append(contentsOf: scalars.suffix(maximumPathLength))
    // As in `escaped`: a digit run cut at the front is dropped whole.
    if let first = tail.first, isDigit(first),
      let before = scalars.dropLast(maximumPathLength).last, isDigit(before)
    {
      while let leading = tail.first, isDigit(leading) { tail.removeFirst() }
    }
    return "…" + escapedWhole(String(tail))
  }

  /// Whether a character must not reach a terminal raw: the C0 controls, DEL and the C1
  /// controls (which move the cursor, retitle the window or start escape sequences), the line
  /// and paragraph separators, and the bidirectional overrides and isolates (which reorder what
  /// follows them on the line).
  public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }

  private static func appendEscaping(_ scalar: Unicode.Scalar, to shown: inout String) {
    if mustEscape(scalar) {
      shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    } else {
      shown.unicodeScalars.append(scalar)
    }
  }
}
