import Testing
import WalletCore
import WalletIngest

@testable import WalletCLI

/// Every error message a cardholder can meet — a file reader's, the promotion and payment
/// request decoders', the domain's — reads in Chinese when the language is, its values (ids,
/// paths, positions) kept as they are. The command line's own (the parser's, the commands'
/// checks) are worded where they are made, never matched back: a test below makes sure.
struct ErrorMessageTranslationTests {
  static let values = (0..<10).map { "V\($0)x" }

  /// Whether `text` has a Chinese character.
  static func isChinese(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }
  }

  /// Whether a message has words to translate, besides its values: `{0}: {1}` has none.
  static func hasWords(_ key: String) -> Bool {
    var text = key
    for number in Sentence.placeholders(in: key) { text = text.replacing("{\(number)}", with: "") }
    return text.contains(/[a-z]{2}/)
  }

  @Test func theScanFindsTheMessages() throws {
    let keys = try ErrorMessageKeys.inSources()
    #expect(keys.count > 50, "the scan of the sources found too few messages")
    for known in ["must be an array or null, not {0}", "not valid JSON: {0}"] {
      #expect(keys[known] != nil, "\(known)")
    }
    // The scan would find a command's message written in English, were there one.
    #expect(
      ErrorMessageKeys.keys(in: #"throw ValidationError("give --card, not --holder")"#)
        == ["give --card, not --holder"])
    #expect(
      ErrorMessageKeys.keys(in: #"CommandError(.dataError, "no card \(id) here")"#)
        == ["no card {0} here"])
  }

  /// The command line words its own messages where it makes them (`tr`, ErrorWording), so none
  /// of its usage errors and command errors is an English literal left for the templates.
  @Test func theCommandLineMakesNoMessageInEnglishOnly() throws {
    let keys = try ErrorMessageKeys.inSources(["Sources/WalletCLI"])
    #expect(keys.isEmpty, "\(keys.sorted { $0.key < $1.key })")
  }

  @Test func everyErrorMessageInTheSourcesIsTranslated() throws {
    let keys = try ErrorMessageKeys.inSources()
    for (key, file) in keys.sorted(by: { $0.key < $1.key }) where Self.hasWords(key) {
      let english = Sentence.fill(key, with: Self.values)
      let chinese = Translations.translated(message: english, in: .simplifiedChinese)
      #expect(
        Self.isChinese(chinese), "no Chinese for \(String(reflecting: key)) (\(file)): \(chinese)")
      // The values are kept.
      for number in Sentence.placeholders(in: key) {
        #expect(chinese.contains(Self.values[number]), "\(key) loses {\(number)}: \(chinese)")
      }
    }
  }

  /// One error of each kind the domain and the readers throw, every case. The store's are
  /// worded in `ErrorWording+Store.swift` (ErrorWordingStoreTests).
  static var typedErrors: [any Error & CustomStringConvertible] {
    let times: [TimeParseError] = [
      .malformed, .noSuchDate, .noSuchTime, .invalidOffset, .skippedLocalTime(zone: "Europe/Paris"),
      .outOfRange,
    ]
    let money: [MoneyError] = [
      .empty, .negative, .exponent, .groupingSeparator, .tooManyFractionDigits, .outOfRange,
      .malformed,
    ]
    var errors: [any Error & CustomStringConvertible] = times + money
    errors += [TimeZoneError.unknown("Mars/Base")]
    errors += [
      caught { () throws(CodeError) in _ = try Network.parse("x") },
      caught { () throws(CodeError) in _ = try CardType.parse("x") },
      caught { () throws(CodeError) in _ = try Channel.parse("x") },
      caught { () throws(CodeError) in _ = try Currency.parse("x") },
    ].compactMap { $0 }
    return errors
  }

  @Test func everyTypedErrorIsTranslated() {
    for error in Self.typedErrors {
      let english = error.description
      let chinese = Translations.translated(message: english, in: .simplifiedChinese)
      #expect(Self.isChinese(chinese), "no Chinese for \(english)")
      // In English, nothing changes.
      #expect(Translations.translated(message: english, in: .english) == english)
    }
  }

  /// The error `body` throws, if any.
  static func caught<Failure: Error>(_ body: () throws(Failure) -> Void) -> Failure? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  @Test func aPromotionErrorIsTranslatedWithItsPlace() throws {
    var promotion = #"{"id": "P", "minimumSpend": 100}"#
    var error = Self.caught { () throws(PromotionError) in
      _ = try Promotion.decode(json: Array(promotion.utf8))
    }
    var message = try #require(error).located(in: "p.json")
    // The place stays as it is, the sentence after it is translated.
    var place = try #require(message.firstRange(of: ": ")).lowerBound
    #expect(
      Translations.translated(message: message, in: .simplifiedChinese)
        == message[..<place] + "：字段 'minimumSpend'：必须是写成字符串的金额，如 \"100.00\"，而不是数字 100")
    promotion = #"{"id": "P",}"#
    error = Self.caught { () throws(PromotionError) in
      _ = try Promotion.decode(json: Array(promotion.utf8))
    }
    message = try #require(error).located(in: "p.json")
    place = try #require(message.firstRange(of: ": ")).lowerBound
    #expect(
      Translations.translated(message: message, in: .simplifiedChinese)
        == message[..<place] + "：不是有效的 JSON：'}' 前有多余的逗号（JSON 不允许）")
  }

  /// A quoted value is what the user types: `network` is translated as a word of a sentence,
  /// but as a field's name it must stay the name the file needs.
  @Test(arguments: ["network", "card", "object"])
  func aQuotedValueStaysAsItIs(word: String) {
    let translatedWord = Translations.translated(message: word, in: .simplifiedChinese)
    #expect(translatedWord != word)
    let message = "p.json:1:1: field '\(word)': must not be empty"
    let chinese = Translations.translated(message: message, in: .simplifiedChinese)
    #expect(chinese.contains("'\(word)'"))
    #expect(!chinese.contains(translatedWord))
  }

  @Test func theProgressLineIsTranslated() {
    let line = Language.$chosen.withValue(.simplifiedChinese) {
      ProgressReporter.line(
        label: ProgressReporter.label(for: .transactions), rows: 1_000_000, bytes: 1,
        totalBytes: 4, elapsed: 2)
    }
    #expect(line == "交易：1,000,000 行，每秒 500,000 行，约剩 6 秒")
  }

  @Test func theTablesShareNoKey() {
    let shared = Set(Translations.simplifiedChineseMessages.keys)
      .intersection(Translations.simplifiedChineseErrorMessages.keys)
    #expect(shared.isEmpty, "\(shared.sorted())")
  }
}
