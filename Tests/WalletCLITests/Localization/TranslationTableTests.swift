import Testing
import WalletIngest

@testable import WalletCLI

/// Every sentence a person reads has its Simplified Chinese translation, and each translation
/// names the same values as its English.
struct TranslationTableTests {
  /// The demo's headings, which reach `tr(dynamic:)`.
  static var demoHeadings: [String] {
    (DemoCommand.steps + [DemoCommand.clawbackStep]).map(\.heading)
  }

  /// The described defaults that are a value as the user would type it, shown as they are: a
  /// currency code, a result, a promotion id, and the id `pay --authorize` makes, by its
  /// pattern. Any other described default is words, and is translated.
  static let defaultsShownAsTyped: Set<String> = [
    "CNY", "success", "bocom-applepay-monthly", "pay:merchantIdentifier:time",
  ]

  /// Every text of help: each command's and group's abstract and discussion, and each
  /// argument's help and described default (`now`, `made up`; not a value the option takes),
  /// walking the tree help is made from; and `--lang`'s.
  static var helpTexts: [String] {
    var texts = WalletCommandLine.parser.globalOptions.map(\.help)
    func visit(_ command: CommandSpec) {
      texts.append(command.abstract)
      if let discussion = command.discussion { texts.append(discussion) }
      texts += command.arguments.map(\.help).filter { !$0.isEmpty }
      for argument in command.arguments {
        guard let shown = argument.defaultDescription,
          !argument.allowedValues.contains(shown), !defaultsShownAsTyped.contains(shown)
        else { continue }
        texts.append(shown)
      }
      command.subcommands.forEach(visit)
    }
    visit(WalletCommandLine.parser.root)
    return texts
  }

  /// A listing's table headings and its message when empty: the column names of the files
  /// listed, and those written in the sources.
  static func listingTexts() throws -> Set<String> {
    let kinds: [InputKind] = [.cards, .enrollments, .transactions, .postings]
    return try SentenceKeys.listingTexts().union(kinds.flatMap(\.columns))
  }

  @Test func listingsHeadingsAndEmptyMessagesAreTranslated() throws {
    let texts = try Self.listingTexts()
    #expect(texts.contains("No cards.") && texts.contains("decided_by") && texts.contains("last4"))
    for text in texts.sorted() {
      #expect(Translations.simplifiedChinese[text] != nil, "\(text)")
    }
  }

  @Test func everySentenceInTheSourceHasATranslation() throws {
    let keys = try SentenceKeys.inSources()
    #expect(keys.count > 150, "the scan of the sources found too few sentences")
    let table = Translations.simplifiedChinese
    for (key, file) in keys.sorted(by: { $0.key < $1.key }) {
      #expect(table[key] != nil, "no Chinese for \(String(reflecting: key)) (\(file))")
    }
  }

  @Test func everyTranslationIsOfASentenceStillInUse() throws {
    let used = Set(try SentenceKeys.inSources().keys).union(Self.demoHeadings)
      .union(Self.helpTexts).union(try Self.listingTexts())
      .union(BankStatementImportText.builtInReasons)
    for key in Translations.simplifiedChinese.keys.sorted() {
      let isUsed = used.contains(key)
      #expect(isUsed, "a translation of a sentence nobody says: \(key)")
    }
  }

  @Test func theBuiltInFormatsReasonsAreTranslated() {
    let reasons = BankStatementImportText.builtInReasons
    #expect(reasons.contains("a repayment") && reasons.contains("paid through Alipay"))
    for reason in reasons.sorted() {
      #expect(Translations.simplifiedChinese[reason] != nil, "\(reason)")
    }
  }

  @Test func theDemosHeadingsAreTranslated() {
    for heading in Self.demoHeadings {
      #expect(Translations.simplifiedChinese[heading] != nil, "\(heading)")
    }
  }

  @Test func everyTextOfHelpIsTranslated() {
    #expect(Self.helpTexts.count > 150)
    #expect(Self.helpTexts.contains("now") && Self.helpTexts.contains("made up"))
    for text in Self.helpTexts {
      #expect(Translations.simplifiedChinese[text] != nil, "\(text)")
    }
  }

  @Test func translationsNameTheSameValues() {
    for (key, chinese) in Translations.simplifiedChinese {
      let english = Sentence.placeholders(in: key)
      // The English numbers its values in order, from 0; the Chinese uses each, in any order.
      #expect(english == Array(english.indices), "\(key)")
      #expect(Set(Sentence.placeholders(in: chinese)) == Set(english), "\(key)")
      #expect(!chinese.isEmpty, "\(key)")
    }
  }

  @Test func chineseSentencesUseChinesePunctuation() {
    // A sentence translated is written in Chinese: it has Chinese characters, and it does not
    // end with an English full stop.
    for (key, chinese) in Translations.simplifiedChinese where key.hasSuffix(".") {
      #expect(chinese.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(key)")
      #expect(!chinese.hasSuffix("."), "\(key)")
    }
  }
}

/// A sentence's key, its values, and how a template puts them back.
struct SentenceTests {
  @Test func interpolationMakesNumberedPlaceholders() {
    let holder = "H003"
    let ordinal = 3
    let sentence: Sentence = "It counts as \(holder)'s reward \(ordinal) of \(4)."
    #expect(sentence.key == "It counts as {0}'s reward {1} of {2}.")
    #expect(sentence.values == ["H003", "3", "4"])
    #expect(sentence.text(in: .english) == "It counts as H003's reward 3 of 4.")
  }

  @Test func aTemplateMayReorderItsValues() {
    #expect(Sentence.fill("{2} 次中的第 {1} 次（{0}）", with: ["H1", "3", "4"]) == "4 次中的第 3 次（H1）")
    // Braces that are not placeholders stay as they are.
    #expect(Sentence.fill("{x} {0} {9}", with: ["a"]) == "{x} a {9}")
  }

  @Test func theScannerReadsKeysAsTheCompilerBuildsThem() {
    let source = #"""
      let a = tr("Pay with \(best.card.id): it earns \(money(best.total, "x"))")
      // tr("not this one")
      let b = tr(
        """
        first \(one) \
        second
        """)
      let c = attr("no")
      """#
    #expect(
      SentenceKeys.keys(in: source) == ["Pay with {0}: it earns {1}", "first {0} second"])
  }
}

/// The language is chosen as POSIX orders the locale variables, or by `--lang`.
struct LanguageChoiceTests {
  @Test(arguments: [
    ("zh_CN", Language.simplifiedChinese), ("zh_CN.UTF-8", .simplifiedChinese),
    ("zh-Hans", .simplifiedChinese), ("zh_SG", .simplifiedChinese), ("zh", .simplifiedChinese),
    ("zh-Hans-CN", .simplifiedChinese), ("zh_CN.GB18030", .simplifiedChinese),
    ("zh_TW.UTF-8", .english), ("zh-Hant", .english), ("zh_HK", .english),
    ("en_US.UTF-8", .english), ("C", .english), ("POSIX", .english), ("fr_FR", .english),
  ])
  func localeNames(name: String, language: Language) {
    #expect(Language(localeName: name) == language)
  }

  @Test(arguments: [
    (["LANG": "zh_CN.UTF-8"], Language.simplifiedChinese),
    (["LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"], .simplifiedChinese),
    (["LC_ALL": "C", "LC_MESSAGES": "zh_CN.UTF-8", "LANG": "zh_CN.UTF-8"], .english),
    (["LC_ALL": "zh_CN.UTF-8", "LANG": "C"], .simplifiedChinese),
    // An empty variable counts as unset.
    (["LC_ALL": "", "LANG": "zh_CN.UTF-8"], .simplifiedChinese),
    ([:], .english),
  ])
  func environment(variables: [String: String], language: Language) {
    #expect(Language(environment: variables) == language)
  }

  @Test func langIsTakenOutWhereverItStands() throws {
    let (language, rest) = try Language.extract(
      from: ["check", "--lang", "zh-Hans", "C1", "--lang=en", "--", "--lang", "x"])
    #expect(language == .english)
    #expect(rest == ["check", "C1", "--", "--lang", "x"])
    #expect(throws: UsageError.self) { try Language.extract(from: ["check", "--lang"]) }
    #expect(throws: UsageError.self) { try Language.extract(from: ["--lang="]) }
  }
}
