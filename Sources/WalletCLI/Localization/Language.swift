import Foundation
import Synchronization

/// The language every sentence a person reads is written in: English, or Simplified Chinese.
///
/// Chosen once per run, from `--lang` or else from the environment (`LC_ALL`, then
/// `LC_MESSAGES`, then `LANG`, as POSIX orders them), and kept in a task-local value for the
/// run. Machine output (CSV, JSON, reason codes, exit statuses) never depends on it.
///
/// Why a table of our own rather than `.strings` in a SwiftPM resource bundle: on this
/// toolchain (Swift 6.3.1, swift-corelibs-foundation on Linux) `String(localized:bundle:locale:)`
/// does not exist; `Bundle.module` ignores `LANG` and lower-cases the folder (`zh-hans.lproj`),
/// so the language would have to be picked by path anyway; and `Bundle.module` stops the
/// program (SIGILL, exit 132) when its `wallet_WalletCLI.resources` folder is not beside the
/// binary, so a binary installed on its own (`install .build/release/wallet /usr/local/bin`)
/// would no longer run. The sentences are compiled in, like the sample data, and the binary
/// still needs no data files.
enum Language: String, Sendable, CaseIterable {
  /// English, the language the sentences are written in in the code.
  case english = "en"
  /// Simplified Chinese (`zh-Hans`), as a Chinese bank's app writes it.
  case simplifiedChinese = "zh-Hans"

  /// The language of the running command; English outside a run.
  static var current: Language { chosen ?? ofTheProcess.withLock { $0 } ?? .english }

  /// The language the program's entry point chose, for the threads a command starts (a batch
  /// writes its summary and progress from them), which do not inherit ``chosen``. Tests that
  /// run commands in process never set it, so each keeps its own language.
  static let ofTheProcess = Mutex<Language?>(nil)

  /// The language chosen for this run, set by ``WalletCommandLine`` around each command.
  @TaskLocal static var chosen: Language?

  /// Reads a language name as `--lang` or a locale variable spells it: `zh_CN.UTF-8`,
  /// `zh-Hans`, `zh_SG`, `zh-CN` and `zh` are Simplified Chinese; `en`, `C` and `POSIX` are
  /// English; an empty value names none.
  ///
  /// Traditional Chinese (`zh_TW`, `zh_HK`, `zh-Hant`) is not Simplified: it reads as English.
  init?(localeName: String) {
    // `zh_CN.UTF-8@euro` → `zh_CN`; `-` and `_` separate the same parts.
    let name = localeName.split(separator: ".", maxSplits: 1).first.map(String.init) ?? ""
    let bare = (name.split(separator: "@", maxSplits: 1).first.map(String.init) ?? "")
      .replacingOccurrences(of: "_", with: "-").lowercased()
    guard !bare.isEmpty else { return nil }
    let parts = bare.split(separator: "-").map(String.init)
    guard parts.first == "zh" else {
      self = .english
      return
    }
    let rest = Set(parts.dropFirst())
    if rest.contains("hant") || !rest.isDisjoint(with: ["tw", "hk", "mo"]) {
      self = .english
    } else {
      self = .simplifiedChinese
    }
  }

  /// The language the environment names: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
  /// that is set and not empty decides, as POSIX orders them; none, English.
  init(environment: [String: String]) {
    for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
      if let value = environment[variable], let language = Language(localeName: value) {
        self = language
        return
      }
    }
    self = .english
  }

  /// Takes `--lang NAME` and `--lang=NAME` out of the arguments before `--`, wherever they
  /// stand, since the language is chosen for the whole run, not by one command. The last one
  /// given wins. Throws a usage error for a missing or unknown name, which is worded when it is
  /// printed, once the caller has chosen the language another way.
  static func extract(from arguments: [String]) throws(UsageError) -> (Language?, [String]) {
    var rest: [String] = []
    var language: Language?
    var index = arguments.startIndex
    var seenTerminator = false
    while index < arguments.endIndex {
      let word = arguments[index]
      index += 1
      if seenTerminator || word == "--" {
        seenTerminator = true
        rest.append(word)
        continue
      }
      let value: String
      if word == "--lang" {
        guard index < arguments.endIndex else {
          throw UsageError(.missingValue("--lang <language>"), commandPath: [])
        }
        value = arguments[index]
        index += 1
      } else if word.hasPrefix("--lang=") {
        value = String(word.dropFirst("--lang=".count))
      } else {
        rest.append(word)
        continue
      }
      guard let named = Language(localeName: value) else {
        throw UsageError(.unknownLanguage(value), commandPath: [])
      }
      language = named
    }
    return (language, rest)
  }
}

extension Language {
  /// Between the clauses of one sentence: `; ` in English, `；` in Chinese.
  var clauseSeparator: String { self == .english ? "; " : "；" }
  /// Between the items of a list in a sentence: `, ` in English, `、` in Chinese.
  var listSeparator: String { self == .english ? ", " : "、" }
  /// Between two sentences: a space in English, nothing after Chinese's `。`.
  var sentenceSeparator: String { self == .english ? " " : "" }
}
