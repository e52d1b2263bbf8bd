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
}
