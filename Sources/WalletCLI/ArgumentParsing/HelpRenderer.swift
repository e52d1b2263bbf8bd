// Help, usage lines and usage-error text, generated from the same declarations the parser reads
// so they cannot drift apart; the layout copies swift-argument-parser's, which users already know.

/// A command in ``CommandLineParser/commandCatalog()``: what a man page must mention.
public struct CommandCatalogEntry: Sendable, Equatable {
  /// The path below the root (`["card", "add"]`); `[]` is the root itself.
  public var path: [String]
  /// For an alias, the path it stands for; `nil` for a real command.
  public var aliasTarget: [String]?
  /// The declared options and flags, spelled as typed (`--out`); built-in `--help` is left out.
  public var optionNames: [String]
}

extension CommandLineParser {
  /// Help text is wrapped to this many columns.
  private static let width = 80
  /// Where help text starts after a label, as in swift-argument-parser.
  private static let labelColumn = 26

  /// The full help for the command at `path`, without a trailing newline, for stdout.
  public func helpText(for path: [String]) -> String {
    let command = self.command(at: path)
    var lines = Self.wrap(tr("OVERVIEW: \(tr(dynamic: command.abstract))"), width: Self.width)
    if let discussion = command.discussion.map({ tr(dynamic: $0) }) {
      lines.append("")
      for line in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
        // Lines keep their own indent, so indented examples in a discussion stay indented.
        let indent = String(line.prefix(while: { $0 == " " }))
        let wrapped = Self.wrap(
          String(line.dropFirst(indent.count)), width: Self.width - indent.count)
        lines += wrapped.isEmpty ? [""] : wrapped.map { indent + $0 }
      }
    }
    lines += ["", tr("USAGE: \(usageLine(for: path))")]

    let positionals = command.arguments.filter { $0.kind == .positional }
    if !positionals.isEmpty {
      lines += ["", tr("ARGUMENTS:")]
      for spec in positionals { lines += Self.entry(spec.label, Self.helpWithDefault(spec)) }
    }

    lines += ["", tr("OPTIONS:")]
    for spec in command.arguments where spec.kind != .positional {
      let label = spec.shortName.map { "-\($0), \(spec.label)" } ?? spec.label
      lines += Self.entry(label, Self.helpWithDefault(spec))
    }
    if path.isEmpty {
      for option in globalOptions { lines += Self.entry(option.label, tr(dynamic: option.help)) }
    }
    if path.isEmpty && version != nil { lines += Self.entry("--version", tr("Show the version.")) }
    lines += Self.entry("-h, --help", tr("Show help information."))

    if !command.subcommands.isEmpty {
      lines += ["", tr("SUBCOMMANDS:")]
      for subcommand in command.subcommands {
        lines += Self.entry(subcommand.name, tr(dynamic: subcommand.abstract))
      }
      for alias in command.aliases {
        let target = alias.target.joined(separator: " ")
        lines += Self.entry(alias.name, tr("Alias for '\(target)'."))
      }
      let helpPath = (["help"] + path + ["<subcommand>"]).joined(separator: " ")
      lines += ["", tr("  See '\(root.name) \(helpPath)' for detailed help.")]
    }
    return lines.joined(separator: "\n")
  }

  /// The usage line without `USAGE: `: required options bare, optional ones in brackets,
  /// repeatable ones followed by `...`; commands with subcommands show `<subcommand>`.
  public func usageLine(for path: [String]) -> String {
    let command = self.command(at: path)
    let name = ([root.name] + path).joined(separator: " ")
    if !command.subcommands.isEmpty { return "\(name) <subcommand>" }
    let synopses = command.arguments.map { spec in
      let core = spec.isRepeatable ? "\(spec.label) ..." : spec.label
      return spec.isRequired ? core : "[\(core)]"
    }
    return ([name] + synopses).joined(separator: " ")
  }

  /// What to print on stderr for a usage error, without a trailing newline:
  /// `Error: …`, `Usage: …` and a hint naming the command's `--help`.
  public func errorText(for error: UsageError) -> String {
    let command = ([root.name] + error.commandPath).joined(separator: " ")
    let message = ErrorWording.words(error.problem, in: .current)
    let usage = usageLine(for: error.commandPath)
    return tr("Error: \(message)") + "\n" + tr("Usage: \(usage)") + "\n"
      + tr("  See '\(command) --help' for more information.")
  }

  /// Every command (root first, depth first, including `help`), then each command's aliases,
  /// with the option names a man page has to mention.
  public func commandCatalog() -> [CommandCatalogEntry] {
    var entries: [CommandCatalogEntry] = []
    func visit(_ command: CommandSpec, at path: [String]) {
      let options = command.arguments.filter { $0.kind != .positional }.flatMap { spec in
        ["--\(spec.name)"] + (spec.shortName.map { ["-\($0)"] } ?? [])
      }
      entries.append(CommandCatalogEntry(path: path, aliasTarget: nil, optionNames: options))
      for subcommand in command.subcommands { visit(subcommand, at: path + [subcommand.name]) }
      for alias in command.aliases {
        entries.append(
          CommandCatalogEntry(
            path: path + [alias.name], aliasTarget: path + alias.target, optionNames: []))
      }
    }
    visit(root, at: [])
    return entries
  }

  private static func helpWithDefault(_ spec: ArgumentSpec) -> String {
    let help = spec.help.isEmpty ? "" : tr(dynamic: spec.help)
    // A described default is words (`now`, `made up`) unless it is a value the user types
    // (`success`), which has no translation and stays as it is; a default value never changes.
    guard let shown = spec.defaultDescription.map({ tr(dynamic: $0) }) ?? spec.defaultValue
    else { return help }
    return help.isEmpty ? tr("(default: \(shown))") : tr("\(help) (default: \(shown))")
  }

  /// A label and its help: on one line when the label leaves room, else help on the next line;
  /// help lines hang at the label column.
  private static func entry(_ label: String, _ help: String) -> [String] {
    let labelText = "  \(label)"
    let helpLines = wrap(help, width: width - labelColumn)
    let hanging = String(repeating: " ", count: labelColumn)
    guard let first = helpLines.first else { return [labelText] }
    // Same rule as swift-argument-parser: help shares the line when the label ends before it.
    if labelText.count < labelColumn {
      let padded = labelText + String(repeating: " ", count: labelColumn - labelText.count)
      return [padded + first] + helpLines.dropFirst().map { hanging + $0 }
    }
    return [labelText] + helpLines.map { hanging + $0 }
  }

  /// Greedy word wrap by display width; a word longer than the width gets a line of its own;
  /// no text, no lines. Chinese text, which has no spaces, may break between any two
  /// characters, but never before its punctuation.
  private static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    for word in text.split(separator: " ") {
      for (index, piece) in pieces(of: word).enumerated() {
        let pieceWidth = DisplayWidth.of(piece)
        let gap = index == 0 ? 1 : 0
        if line.isEmpty {
          line = piece
          lineWidth = pieceWidth
        } else if lineWidth + gap + pieceWidth <= width {
          line += (gap == 1 ? " " : "") + piece
          lineWidth += gap + pieceWidth
        } else {
          lines.append(line)
          line = piece
          lineWidth = pieceWidth
        }
      }
    }
    return line.isEmpty ? lines : lines + [line]
  }

  /// A word cut where a line may break inside it: before and after each wide character, except
  /// before wide punctuation (`，` `。` `）`), which stays with what it follows.
  private static func pieces(of word: Substring) -> [String] {
    var pieces: [String] = []
    var current = ""
    var previousWide = false
    for character in word {
      let wide = DisplayWidth.of(character) == 2
      let punctuation =
        character.unicodeScalars.first.map {
          (0x3000...0x303F).contains($0.value) || (0xFF00...0xFF0F).contains($0.value)
            || (0xFF1A...0xFF20).contains($0.value) || $0.value == 0xFF09
        } ?? false
      let breaks = !current.isEmpty && (wide || previousWide) && !punctuation
      if breaks {
        pieces.append(current)
        current = ""
      }
      current.append(character)
      previousWide = wide
    }
    if !current.isEmpty { pieces.append(current) }
    return pieces
  }
}
