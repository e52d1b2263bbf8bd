/// A sentence for a person, written in English where it is used, its values kept apart so that a
/// translation can put them in its own order.
///
/// `tr("It counts as \(holder)'s reward \(ordinal) of \(maximum).")` looks up the key
/// `It counts as {0}'s reward {1} of {2}.` in the table of the current ``Language`` and fills in
/// the values; the English text is its own key, so English needs no table. A translation names
/// the values by number (`{2} 次中的第 {1} 次`), so each language orders the sentence as it reads
/// best; a sentence is never assembled from translated fragments.
struct Sentence: ExpressibleByStringInterpolation, Sendable {
  /// The English text with `{0}`, `{1}`… where the values go.
  let key: String
  /// The values, in the order they appear in the English text.
  let values: [String]
  /// The values interpolated as names (`\(name: issuer)`), which Chinese writes without the
  /// spaces a translation puts around a value when the name is itself Chinese.
  let names: Set<Int>

  init(stringLiteral value: String) {
    key = value
    values = []
    names = []
  }

  init(stringInterpolation: Interpolation) {
    key = stringInterpolation.key
    values = stringInterpolation.values
    names = stringInterpolation.names
  }

  /// Builds the key and the values from a literal's pieces.
  struct Interpolation: StringInterpolationProtocol {
    var key = ""
    var values: [String] = []
    var names: Set<Int> = []

    init(literalCapacity: Int, interpolationCount: Int) {
      key.reserveCapacity(literalCapacity + 3 * interpolationCount)
    }

    mutating func appendLiteral(_ literal: String) { key += literal }

    mutating func appendInterpolation(_ value: some CustomStringConvertible) {
      key += "{\(values.count)}"
      values.append(value.description)
    }

    mutating func appendInterpolation(_ value: String) {
      key += "{\(values.count)}"
      values.append(value)
    }

    /// A name, such as an issuer's: `该卡由 cmb 发行` but `该卡由招商银行发行`.
    mutating func appendInterpolation(name value: String) {
      names.insert(values.count)
      appendInterpolation(value)
    }
  }

  /// The sentence in `language`: its translation with the values filled in, or the English
  /// text when the table has none (a test makes sure every sentence has one).
  func text(in language: Language) -> String {
    let template = Translations.table(for: language)[key] ?? key
    return Self.fill(template, with: values, tight: language == .english ? [] : names)
  }

  /// Replaces each `{n}` with the n-th value; any other brace stays as it is. A value in
  /// `tight` loses the space before it when it starts with a Chinese character, and the space
  /// after it when it ends with one.
  static func fill(_ template: String, with values: [String], tight: Set<Int> = []) -> String {
    guard !values.isEmpty else { return template }
    var output = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      output += rest[..<open]
      let afterOpen = rest.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: "}"),
        let number = Int(rest[afterOpen..<close]), values.indices.contains(number)
      {
        let value = values[number]
        rest = rest[rest.index(after: close)...]
        if tight.contains(number) {
          if value.first.map(isChinese) == true, output.last == " " { output.removeLast() }
          if value.last.map(isChinese) == true, rest.first == " " { rest = rest.dropFirst() }
        }
        output += value
      } else {
        output += "{"
        rest = rest[afterOpen...]
      }
    }
    return output + rest
  }

  /// Whether a character is a Chinese one (a CJK unified ideograph), around which Chinese text
  /// puts no space.
  static func isChinese(_ character: Character) -> Bool {
    character.unicodeScalars.first.map { ("\u{4E00}"..."\u{9FFF}").contains($0) } ?? false
  }

  /// The placeholders a template uses, for the tests: `{0}`, `{1}`….
  static func placeholders(in template: String) -> [Int] {
    var found: [Int] = []
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
      if let number = Int(rest[afterOpen..<close]) { found.append(number) }
      rest = rest[rest.index(after: close)...]
    }
    return found.sorted()
  }
}

/// The sentence in the language of the running command.
func tr(_ sentence: Sentence) -> String {
  sentence.text(in: Language.current)
}

/// A text known only at run time (a command's abstract, an option's help) in the language of
/// the running command; the tests walk the command tree to make sure each has a translation.
func tr(dynamic text: String) -> String {
  Translations.table(for: Language.current)[text] ?? text
}

/// Runs `body` in English whatever the run's language: for machine output (JSON's
/// `explanation`), which never changes with the language.
func inEnglish<Result>(_ body: () throws -> Result) rethrows -> Result {
  try Language.$chosen.withValue(.english, operation: body)
}
