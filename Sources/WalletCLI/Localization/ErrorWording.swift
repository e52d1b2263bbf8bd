/// The words for the errors the lower modules throw. Core, Ingest and the Store throw cases with
/// values and no prose; each family is worded here, in every language, by one exhaustive switch
/// (`ErrorWording+Core.swift`, `ErrorWording+Ingest.swift`), so that a new case cannot go
/// unworded and no English is matched back into another language. The command line adds what
/// only it knows, such as the names of its flags.
enum ErrorWording {
  /// The words for `error` in `language`, when it is one of the typed errors; nil for any other
  /// error, which its caller words itself.
  static func words(for error: any Error, in language: Language = .current) -> String? {
    coreWords(for: error, in: language) ?? ingestWords(for: error, in: language)
  }

  /// The English or the Chinese text, by `language`: each case of a family gives both side by
  /// side, so that they cannot drift apart.
  static func say(_ english: String, _ chinese: String, in language: Language) -> String {
    switch language {
    case .english: english
    case .simplifiedChinese: chinese
    }
  }
}
