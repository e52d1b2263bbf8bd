import WalletCore
import WalletStore

/// Shell completion: the scripts `wallet completion SHELL` prints are thin, and ask wallet
/// itself, through the hidden `wallet __complete WORD…`, what may come next. The answer is
/// worked out from the declared command tree (subcommands, aliases, options, their fixed
/// values) and from the store in use (card ids, holders, enrollment, transaction, posting and
/// promotion ids), so completion can never drift from the commands.
struct Completion {
  /// The word `__complete` answers with first when the value may be a file name: the script
  /// completes paths itself, and offers the other candidates beside them (a built-in's ids).
  static let files = ":files"

  /// What an option that takes a built-in's id or a file offers: the ids, then file names.
  static func idsOrFiles(_ ids: [String]) -> [String] { ids + [files] }

  /// The hidden command's name; not in the tree, so neither help nor the manual lists it.
  static let command = "__complete"

  /// How `__complete` writes one candidate: a backslash as `\\` and a line feed as `\n`, so
  /// each candidate is one line whatever an id holds. The scripts decode the line (bash's and
  /// zsh's `printf %b`) and let the shell quote what it inserts, never evaluating a candidate:
  /// ids come from anyone's CSV and may hold `$(…)`, backquotes or `${…}`.
  static func line(for candidate: String) -> String {
    var line = ""
    line.reserveCapacity(candidate.utf8.count)
    for character in candidate.unicodeScalars {
      switch character {
      case "\\": line += "\\\\"
      case "\n": line += "\\n"
      default: line.unicodeScalars.append(character)
      }
    }
    return line
  }

  let root: CommandSpec
  let environment: [String: String]
  /// The options the program takes before parsing, wherever they stand (wallet's `--lang`),
  /// by spelling (`--lang`), with the values each takes.
  var globalOptions: [String: [String]] = [:]
  /// The names of the options that may stand before the subcommand as well as after it
  /// (wallet's `db`): offered, and their values completed, while a subcommand is still to come.
  var optionsBeforeSubcommand: [String] = []

  /// The candidates for the last of `words` (the words after `wallet`, the last one being
  /// typed, possibly empty), one per line: those that start with it.
  func candidates(for words: [String]) -> [String] {
    guard let current = words.last else { return [] }
    var path: [String] = []
    var command = root
    var pending: ArgumentSpec?
    var given: Set<String> = []
    var positionals = 0
    var onlyPositionals = false
    var database: String?
    var pendingGlobal: [String]?
    var givenGlobal: Set<String> = []
    for word in words.dropLast() {
      if pendingGlobal != nil {
        pendingGlobal = nil
        continue
      }
      if !onlyPositionals, let name = globalName(in: word) {
        givenGlobal.insert(name)
        if name == word { pendingGlobal = globalOptions[name] }
        continue
      }
      if let spec = pending {
        if spec.name == "db" { database = word }
        pending = nil
        continue
      }
      if !command.subcommands.isEmpty {
        if let spec = leadingOption(in: word) {
          // Given before the subcommand, it is not offered again after it.
          given.insert(spec.name)
          if word == "--\(spec.name)" {
            pending = spec
          } else if spec.name == "db" {
            database = String(word.dropFirst(spec.name.count + 3))
          }
          continue
        }
        if let relative = command.subcommandPath(named: word) {
          path += relative
          command = root.descendant(at: path) ?? command
        }
        continue
      }
      if word == "--" {
        onlyPositionals = true
      } else if !onlyPositionals && word.hasPrefix("-") && word != "-" {
        let typed = String(word.prefix { $0 != "=" })
        guard let spec = command.arguments.first(where: { Self.matches(typed, $0) }) else {
          continue
        }
        given.insert(spec.name)
        if spec.kind == .option {
          if typed.count == word.count {
            pending = spec
          } else if spec.name == "db" {
            database = String(word.dropFirst(typed.count + 1))
          }
        }
      } else {
        positionals += 1
      }
    }
    let words: [String]
    if let values = pendingGlobal {
      words = values
    } else if !onlyPositionals, let name = globalName(in: current), current.hasPrefix(name + "=") {
      words = (globalOptions[name] ?? []).map { name + "=" + $0 }
    } else if let spec = pending {
      words = values(for: spec, path: path, prefix: current, database: database)
    } else if current.hasPrefix("-") {
      var options =
        command.arguments
        .filter { $0.kind != .positional && ($0.isRepeatable || !given.contains($0.name)) }
        .map { "--\($0.name)" } + ["--help"]
      if path.isEmpty { options += ["--version", "-V"] }
      if !command.subcommands.isEmpty {
        options += optionsBeforeSubcommand.filter { !given.contains($0) }.map { "--\($0)" }
      }
      options += globalOptions.keys.sorted().filter { !givenGlobal.contains($0) }
      words = options
    } else if !command.subcommands.isEmpty {
      words = command.subcommands.map(\.name) + command.aliases.map(\.name)
    } else {
      let declared = command.arguments.filter { $0.kind == .positional }
      let spec =
        positionals < declared.count
        ? declared[positionals] : declared.last.flatMap { $0.isRepeatable ? $0 : nil }
      words = spec.map { values(for: $0, path: path, prefix: current, database: database) } ?? []
    }
    let matching = words.filter { $0 != Self.files && $0.hasPrefix(current) }
    return words.contains(Self.files) ? [Self.files] + matching : matching
  }

  /// The declaration of the option that may stand before the subcommand which `word` gives
  /// (`--db`, `--db=s.sqlite`), if any.
  private func leadingOption(in word: String) -> ArgumentSpec? {
    let typed = String(word.prefix { $0 != "=" })
    guard typed.hasPrefix("--"), optionsBeforeSubcommand.contains(String(typed.dropFirst(2)))
    else { return nil }
    return root.firstArgument(named: String(typed.dropFirst(2)))
  }

  /// The global option `word` spells (`--lang`, `--lang=zh-Hans`), if any.
  private func globalName(in word: String) -> String? {
    let typed = String(word.prefix { $0 != "=" })
    return globalOptions[typed] == nil ? nil : typed
  }

  private static func matches(_ typed: String, _ spec: ArgumentSpec) -> Bool {
    guard spec.kind != .positional else { return false }
    return typed == "--\(spec.name)" || spec.shortName.map { "-\($0)" } == typed
  }

  /// What an argument may take: its fixed values, ids from the store, or file names.
  private func values(
    for spec: ArgumentSpec, path: [String], prefix: String, database: String?
  ) -> [String] {
    if !spec.allowedValues.isEmpty { return spec.allowedValues }
    if !spec.completionValues.isEmpty { return spec.completionValues }
    if ["file", "path", "files"].contains(spec.valueName) || spec.name == "db" {
      return [Self.files]
    }
    if spec.name == "promotion" || (path.first == "promotion" && spec.kind == .positional) {
      return storeValues(database: database) { store in
        try store.promotions().map(\.promotion.id.rawValue)
      }
    }
    let kind: WalletStore.IDKind?
    switch (spec.name, path.first) {
    case ("card", _): kind = .card
    case ("holder", _): kind = .holder
    case ("enrollment", _), ("id", "enrollment"): kind = .enrollment
    case ("id", "txn"), ("transaction", _): kind = .transaction
    case ("id", "posting"): kind = .posting
    default: kind = nil
    }
    guard let kind, spec.kind == .positional || spec.name != "id" else { return [] }
    // `txn add --id` and `card add CARD` name new records: nothing to offer but what exists.
    return storeValues(database: database) { store in
      var ids = try store.ids(of: kind, startingWith: prefix).map(\.rawValue)
      // `txn remove` also removes a refund that waits for its purchase; there are few.
      if path == ["txn", "remove"] {
        ids += try store.waitingRefunds().map(\.id.rawValue).filter { $0.hasPrefix(prefix) }
      }
      return ids
    }
  }

  /// Values read from the store the command line names (or the default one), if it exists;
  /// nothing when it does not, or cannot be read.
  private func storeValues(
    database: String?, _ read: (WalletStore) throws -> [String]
  ) -> [String] {
    let path = StoreOptions.path(given: database, environment: environment)
    guard let store = try? WalletStore.open(path: path, create: false, readOnly: true) else {
      return []
    }
    return (try? read(store)) ?? []
  }
}
