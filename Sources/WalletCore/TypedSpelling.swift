/// Amounts and dates as people type them on a command line, rewritten in the SPEC's own forms
/// (`150.00`, `2026-11-30`) for the SPEC's parsers (`Money.parse`, `CivilDate.parse`,
/// `Instant.parse`) to judge: so every option reads them alike, and what is still wrong is
/// refused for the same reasons as before.
///
/// Digits may be ASCII or full-width (`０`–`９`), as a Chinese input method types them. Nothing
/// else is guessed at: a thousands separator, a sign, a letter or another form of date is left
/// as typed, for the parser to refuse.
public enum TypedSpelling {
  /// The plain decimal an amount stands for: `¥150`, `￥ 150`, `150元` and `150 元` are `150`,
  /// `１５０．００` is `150.00`. Spaces and tabs around the value, and around a yuan sign, are
  /// dropped; so is one yuan sign, `¥` or `￥` before the number or else `元` after it. Neither
  /// names the currency: that stays the command's (`¥` is the yen's sign too). Full-width
  /// digits and point become ASCII, and a full-width comma an ASCII one, so that `1，500` is
  /// refused as `1,500` is, for its thousands separator.
  public static func amount(_ text: String) -> String {
    var rest = Substring(text).withoutSpacesAndTabs
    if let first = rest.first, isYuanSign(first) {
      rest = rest.dropFirst().withoutSpacesAndTabs
    } else if rest.last == "元" {
      rest = rest.dropLast().withoutSpacesAndTabs
    }
    return ascii(rest) { scalar in
      switch scalar {
      case "．": "."
      case "，": ","
      default: asciiDigit(scalar)
      }
    }
  }

  /// Whether `character` is a yuan sign as written before an amount, `¥` or `￥` (people and
  /// statements write either).
  public static func isYuanSign(_ character: Character) -> Bool {
    character == "¥" || character == "￥"
  }

  /// A date, a time or a month whose date is typed `2026/11/30` or `2026年11月30日` (the month
  /// and the day of one or two digits: `2026/1/5`, `2026年1月5日`), with that date written
  /// `2026-11-30`: `2026/11/30 09:30` is `2026-11-30 09:30`. A date so typed may be followed
  /// only by a space and what follows a date today; a month typed `2026/11` or `2026年11月` is
  /// `2026-11`. Spaces and tabs around the value are dropped and full-width digits become
  /// ASCII; any other text is left as typed (`2026-11-30T09:30` is already the SPEC's).
  public static func date(_ text: String) -> String {
    let folded = ascii(Substring(text).withoutSpacesAndTabs, asciiDigit)
    let whole = Substring(folded)
    if let (year, month) = yearAndMonth(whole) { return pad(year, 4) + "-" + pad(month, 2) }
    guard let (date, rest) = leadingDate(whole), rest.isEmpty || rest.first == " " else {
      return folded
    }
    return pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2) + rest
  }

  /// The date at the start of `text` typed `2026/11/30` or `2026年11月30日`, and the text after
  /// it; nil when it does not start so.
  private static func leadingDate(
    _ text: Substring
  ) -> ((year: Int, month: Int, day: Int), Substring)? {
    if let dayMark = text.firstIndex(of: "日"),
      let fields = CivilDate.fields(text[..<dayMark], separators: ("年", "月"))
    {
      return (fields, text[text.index(after: dayMark)...])
    }
    let end = text.firstIndex(where: { !($0 == "/" || ("0"..."9").contains($0)) }) ?? text.endIndex
    guard let fields = CivilDate.fields(text[..<end], separators: ("/", "/")) else { return nil }
    return (fields, text[end...])
  }

  /// The year and month of the whole of `text` typed `2026/11` or `2026年11月` (the month of one
  /// or two digits); nil otherwise.
  private static func yearAndMonth(_ text: Substring) -> (Int, Int)? {
    let numbers: [Int]?
    if text.last == "月" {
      numbers = CivilDate.numbers(text.dropLast(), separators: ["年"])
    } else {
      numbers = CivilDate.numbers(text, separators: ["/"])
    }
    guard let numbers else { return nil }
    return (numbers[0], numbers[1])
  }

  /// A full-width digit as its ASCII digit; any other scalar as it is.
  private static func asciiDigit(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    guard ("０"..."９").contains(scalar) else { return scalar }
    return Unicode.Scalar(UInt8(scalar.value - 0xFF10) + UInt8(ascii: "0"))
  }

  /// `text` with each scalar replaced as `replacing` says.
  private static func ascii(
    _ text: Substring, _ replacing: (Unicode.Scalar) -> Unicode.Scalar
  ) -> String {
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.map(replacing))
    return String(scalars)
  }
}

extension CivilDate {
  /// The year, month and day of a date written as four digits of year and then a month and a
  /// day of one or two digits each, after `separators`: `2026/11/30` and `2026/1/5` with `/`
  /// and `/`, `2026年11月30` with `年` and `月`. Nil for any other text; digits are ASCII
  /// only. The numbers are not checked: `2026/2/30` gives 2026, 2 and 30.
  public static func fields(
    _ text: Substring, separators: (Character, Character)
  ) -> (year: Int, month: Int, day: Int)? {
    guard let numbers = numbers(text, separators: [separators.0, separators.1]) else {
      return nil
    }
    return (numbers[0], numbers[1], numbers[2])
  }

  /// The numbers of `text` split at the first of each of `separators` in turn: four ASCII
  /// digits, then one or two for each later part; nil when the text is not so.
  static func numbers(_ text: Substring, separators: [Character]) -> [Int]? {
    var rest = text
    var parts: [Substring] = []
    for separator in separators {
      guard let index = rest.firstIndex(of: separator) else { return nil }
      parts.append(rest[..<index])
      rest = rest[rest.index(after: index)...]
    }
    parts.append(rest)
    var numbers: [Int] = []
    for (position, part) in parts.enumerated() {
      let width = position == 0 ? 4...4 : 1...2
      guard width.contains(part.utf8.count),
        part.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
        let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    return numbers
  }
}

extension Substring {
  /// Without the spaces and tabs around it, as every value is read.
  fileprivate var withoutSpacesAndTabs: Substring {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) })
    else { return self[endIndex...] }
    return self[first...last]
  }
}
