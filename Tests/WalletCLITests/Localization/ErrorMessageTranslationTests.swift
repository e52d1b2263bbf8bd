import Testing
import WalletCore
import WalletIngest

@testable import WalletCLI

/// Every error message still made in English and matched back into Chinese — a command's usage
/// check, the argument parser's — reads in Chinese when the language is, its values (ids, paths,
/// positions) kept as they are. (The readers', the decoders', the domain's and the store's
/// errors are typed, and worded in both languages by ErrorWording: ErrorWordingTests,
/// ErrorWordingJSONTests.)
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

  /// Messages the scan finds that are never shown: the parser's signal that --help was given.
  /// (A message put together from parts the scan cannot follow, such as a statement's rows
  /// without a payment method, has one key per form it takes, which
  /// `SentenceTests.everyMessageFromElsewhereIsRecognisedAsItself` checks.)
  static let neverShown: Set<String> = ["help was asked for"]

  @Test func theScanFindsTheMessages() throws {
    let keys = try ErrorMessageKeys.inSources()
    #expect(keys.count > 30, "the scan of the sources found too few messages")
    for known in [
      "give --holder or --card, not both", "The value {0} is invalid for '{1}': {2}",
      "no built-in format {0} and no such file; built in: {1}",
    ] {
      #expect(keys[known] != nil, "\(known)")
    }
  }

  @Test func everyErrorMessageInTheSourcesIsTranslated() throws {
    let keys = try ErrorMessageKeys.inSources()
    for (key, file) in keys.sorted(by: { $0.key < $1.key })
    where Self.hasWords(key) && !Self.neverShown.contains(key) {
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

  @Test func theMessagesNeverShownAreStillInTheSources() throws {
    let keys = try ErrorMessageKeys.inSources()
    for key in Self.neverShown { #expect(keys[key] != nil, "\(key)") }
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
