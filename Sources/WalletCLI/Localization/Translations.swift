/// The translations of every sentence, by language, keyed by the English text with `{0}`,
/// `{1}`… for its values (see ``Sentence``). English is the key itself and has no table.
enum Translations {
  /// The table for a language; empty for English.
  static func table(for language: Language) -> [String: String] {
    switch language {
    case .english: [:]
    case .simplifiedChinese: simplifiedChinese
    }
  }

  /// The messages made outside the command line's own code, by language: the promotion, payment
  /// request and format files' readers' (the store's, the argument parser's and the commands'
  /// errors are typed or worded where they are made). Their English is built where they are
  /// thrown, in modules that print nothing, so they are recognised by their shape instead.
  static func messages(for language: Language) -> [String: String] {
    switch language {
    case .english: [:]
    case .simplifiedChinese: allSimplifiedChineseMessages
    }
  }

  /// Every message from elsewhere in Simplified Chinese: the times' and the places'
  /// (``simplifiedChineseMessages``), and the readers' and decoders' detailed ones
  /// (``simplifiedChineseErrorMessages``). The tables share no key.
  static let allSimplifiedChineseMessages: [String: String] =
    simplifiedChineseMessages.merging(simplifiedChineseErrorMessages) { first, _ in first }

  /// A message made elsewhere (a file reader, a decoder), translated when
  /// one of ``messages(for:)``'s sentences, its placeholders standing for any text, matches it
  /// whole; the message itself otherwise, so a message nobody translated is still shown. A
  /// value it holds is translated too when it is such a message (`file:1:2: that date …`),
  /// unless the sentence quotes it (`column 'network'`): a quoted value is what the user must
  /// type, a column name or an id, and stays as it is.
  static func translated(message: String, in language: Language = Language.current) -> String {
    let table = messages(for: language)
    guard !table.isEmpty else { return message }
    if let exact = table[message] { return exact }
    for key in patternKeys where key.count <= message.count + 3 * 9 {
      let keySegments = segments(of: key)
      guard let values = match(message[...], against: keySegments[...]),
        let template = table[key]
      else { continue }
      let quoted = quotedPlaceholders(in: keySegments)
      return Sentence.fill(
        template,
        with: values.enumerated().map { index, value in
          quoted.contains(index) ? value : translated(message: value, in: language)
        })
    }
    return message
  }

  /// The placeholders a key writes between quotes, by their order in the key.
  private static func quotedPlaceholders(in segments: [Segment]) -> Set<Int> {
    var quoted: Set<Int> = []
    var order = 0
    for (position, segment) in segments.enumerated() {
      guard case .value = segment else { continue }
      defer { order += 1 }
      guard position > 0, position + 1 < segments.count,
        case .literal(let before) = segments[position - 1],
        case .literal(let after) = segments[position + 1],
        let opening = before.last, let closing = after.first
      else { continue }
      if (opening == "'" && closing == "'") || (opening == "\"" && closing == "\"") {
        quoted.insert(order)
      }
    }
    return quoted
  }

  /// A place in a file (`file:line:column: message`), tried first: its message is then
  /// translated on its own.
  static let locationPattern = "{0}:{1}:{2}: {3}"

  /// The keys with placeholders: the location first, then the longest first, so that the most
  /// specific sentence wins.
  private static let patternKeys: [String] =
    [locationPattern]
    + allSimplifiedChineseMessages.keys
    .filter { !Sentence.placeholders(in: $0).isEmpty && $0 != locationPattern }
    .sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }

  /// A key's pieces: literal text, and the placeholder numbers between them.
  private enum Segment {
    case literal(Substring)
    case value(Int)
  }

  private static func segments(of key: String) -> [Segment] {
    var segments: [Segment] = []
    var rest = Substring(key)
    while let open = rest.firstIndex(of: "{") {
      let afterOpen = rest.index(after: open)
      guard let close = rest[afterOpen...].firstIndex(of: "}"),
        let number = Int(rest[afterOpen..<close])
      else { break }
      if open > rest.startIndex { segments.append(.literal(rest[..<open])) }
      segments.append(.value(number))
      rest = rest[rest.index(after: close)...]
    }
    if !rest.isEmpty { segments.append(.literal(rest)) }
    return segments
  }

  /// The values, in the order they appear (a key numbers its placeholders in that order, as
  /// the English text made it), when `text` is the key's sentence; each value is the shortest
  /// text that lets the rest match.
  private static func match(_ text: Substring, against segments: ArraySlice<Segment>)
    -> [String]?
  {
    guard let first = segments.first else { return text.isEmpty ? [] : nil }
    switch first {
    case .literal(let literal):
      guard text.hasPrefix(literal) else { return nil }
      return match(text.dropFirst(literal.count), against: segments.dropFirst())
    case .value:
      var end = text.startIndex
      while end < text.endIndex {
        end = text.index(after: end)
        if let rest = match(text[end...], against: segments.dropFirst()) {
          return [String(text[..<end])] + rest
        }
      }
      return nil
    }
  }
}
