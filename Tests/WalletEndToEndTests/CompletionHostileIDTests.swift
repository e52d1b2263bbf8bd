import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// Ids come from anyone's CSV or statement, so completion must treat them as data: each shell,
/// through the completion function `wallet completion SHELL` defines, offers every id as one
/// candidate that, inserted into the command line, means exactly the id, and runs nothing it
/// holds. The shells themselves do the work here; zsh and fish are skipped where they are not
/// installed, except in CI, which installs them.
@Suite(.tags(.endToEnd))
struct CompletionHostileIDTests {
  /// Card ids and holders that a shell would run, expand or split if it evaluated them.
  static let cards = [
    "X$(touch pwned)", "Y${PATH}", "Q'quote\"d", "B\\n", "N\nL", "S p a c e", "G*", "T\t1",
  ]
  static let holders = ["H`touch pwned2`", "h;touch pwned3", "plain"]

  /// A store holding every hostile id, made through the binary as a user's import would.
  static func hostileStore() throws -> StoreSession { try hostileStoreTemplate.session() }

  /// What `hostileStore()` copies, made once per run (see `StoreTemplate`).
  private static let hostileStoreTemplate = StoreTemplate { session in
    try session.succeed(["init"])
    for (index, card) in cards.enumerated() {
      try session.succeed([
        "card", "add", card, "--holder", holders[index % holders.count], "--network", "visa",
        "--issuer", "bocom", "--type", "credit", "--last4", "1234",
      ])
    }
  }

  static func shellInstalled(_ name: String) -> Bool {
    ["/usr/bin/\(name)", "/bin/\(name)"].contains {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// In CI a missing shell fails the test rather than skipping it.
  static func available(_ name: String) -> Bool {
    shellInstalled(name) || ProcessInfo.processInfo.environment["CI"] != nil
  }

  /// Runs `script` in `shell` with the binary's folder first on PATH and the store as
  /// `WALLET_DB`, in the session's folder, where a command an id ran would leave its file.
  static func runShell(
    _ shell: [String], _ script: String, lines: [String], session: StoreSession
  ) throws -> WalletProcess.Result {
    let executable = try #require(WalletProcess.executable)
    let result = try WalletProcess.run(
      lines,
      environment: [
        "WALLET_DB": session.database, "WALLET_NOW": StoreSession.now,
        "WALLET_BIN": executable.deletingLastPathComponent().path, "HOME": session.folder.url.path,
      ],
      directory: session.folder.url,
      launcher: shell + [script, "shell"])
    return result
  }

  static func expectNothingRan(
    in session: StoreSession, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for name in ["pwned", "pwned2", "pwned3"] {
      #expect(
        !FileManager.default.fileExists(atPath: session.folder.path(name)),
        "completion ran a command an id holds (\(name) exists)", sourceLocation: sourceLocation)
    }
  }

  /// Each line's candidates, as bash would leave them in the command line evaluated back into
  /// words: every reply is evaluated (`eval v=REPLY`), as running the completed line would, and
  /// printed NUL-terminated; each line ends with a \u{1}.
  @Test func bashOffersEachIDWholeAndQuotedSoThatItMeansTheID() throws {
    let session = try Self.hostileStore()
    let script = #"""
      set -u
      shift
      PATH="$WALLET_BIN:$PATH"
      eval "$(wallet completion bash)"
      for line in "$@"; do
        COMP_LINE=$line
        COMP_POINT=${#line}
        read -ra COMP_WORDS <<< "$(sed 's/[:=]/ & /g' <<< "$line")"
        [[ $line == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        COMPREPLY=()
        _wallet
        for reply in "${COMPREPLY[@]}"; do
          eval "value=$reply"
          printf '%s\0' "$value"
        done
        printf '\1'
      done
      """#
    let lines = [
      "wallet card remove ", "wallet check --holder ", "wallet card remove X",
      "wallet card remove Y$",
    ]
    let result = try Self.runShell(["/bin/bash", "-c"], script, lines: lines, session: session)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let got = Self.candidates(result.stdout)
    #expect(got.count == lines.count)
    let expected: [Set<String>] = [
      Set(Self.cards), Set(Self.holders), ["X$(touch pwned)"], ["Y${PATH}"],
    ]
    for (index, want) in expected.enumerated() where index < got.count {
      #expect(Set(got[index]) == want, "\(lines[index])")
      #expect(got[index].count == want.count, "\(lines[index]): one candidate per id")
    }
    Self.expectNothingRan(in: session)
  }

  /// zsh: the completion function is called with `words` and `CURRENT` as zsh sets them, with
  /// `compadd` standing in for the real one to record what would be offered. A candidate must
  /// reach `compadd` as the id itself, without `-Q`, so that zsh quotes it when inserting it;
  /// `${(q)…}` is that quoting, evaluated back.
  @Test(.enabled(if: available("zsh")))
  func zshHandsEachIDToCompaddToBeQuoted() throws {
    let session = try Self.hostileStore()
    let script = #"""
      shift
      PATH="$WALLET_BIN:$PATH"
      compdef() { :; }
      _files() { print -rn -- ':files'; printf '\0'; }
      compadd() {
        local flag
        for flag in "$@"; do [[ $flag == -Q ]] && print -u2 'compadd -Q inserts candidates unquoted'; done
        [[ $1 == -- ]] && shift
        local candidate value
        for candidate in "$@"; do
          eval "value=${(q)candidate}"
          print -rn -- "$value"; printf '\0'
        done
      }
      eval "$(wallet completion zsh)"
      for line in "$@"; do
        words=(${(z)line})
        [[ $line == *" " ]] && words+=("")
        CURRENT=${#words}
        _wallet
        printf '\1'
      done
      """#
    let lines = ["wallet card remove ", "wallet check --holder ", "wallet card remove X"]
    let result = try Self.runShell(
      ["/usr/bin/zsh", "-f", "-c"], script, lines: lines, session: session)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let got = Self.candidates(result.stdout)
    #expect(got.count == lines.count)
    let expected: [Set<String>] = [Set(Self.cards), Set(Self.holders), ["X$(touch pwned)"]]
    for (index, want) in expected.enumerated() where index < got.count {
      #expect(Set(got[index]) == want, "\(lines[index])")
      #expect(got[index].count == want.count, "\(lines[index]): one candidate per id")
    }
    Self.expectNothingRan(in: session)
  }

  /// fish: `complete -C` asks fish for the candidates of a command line, through the function
  /// `wallet completion fish` registers. fish escapes what it inserts; it takes one candidate a
  /// line, so the one id holding a line feed is not offered rather than offered as two.
  @Test(.enabled(if: available("fish")))
  func fishOffersEachIDOnceAndNoneSplit() throws {
    let session = try Self.hostileStore()
    let script = #"""
      set -e argv[1..2]
      set -x PATH $WALLET_BIN $PATH
      wallet completion fish | source
      for line in $argv
          for candidate in (complete -C"$line")
              string match -q -- '*\t*' $candidate; and continue
              printf '%s\0' $candidate
          end
          printf '\1'
      end
      """#
    let lines = ["wallet card remove ", "wallet check --holder "]
    let result = try Self.runShell(
      ["/usr/bin/fish", "--no-config", "-c"], script, lines: lines, session: session)
    #expect(result.status == 0, "\(result.stderr)")
    let got = Self.candidates(result.stdout)
    #expect(got.count == lines.count)
    let expected: [Set<String>] = [
      Set(Self.cards.filter { !$0.contains("\n") }), Set(Self.holders),
    ]
    for (index, want) in expected.enumerated() where index < got.count {
      #expect(Set(got[index]) == want, "\(lines[index])")
    }
    Self.expectNothingRan(in: session)
  }

  /// `__complete` writes one candidate a line whatever the id holds: a line feed as `\n`, a
  /// backslash as `\\`, nothing else changed.
  @Test func theCompletionProtocolKeepsEachIDOnOneLine() throws {
    let session = try Self.hostileStore()
    let result = try WalletProcess.run(
      ["__complete", "card", "remove", ""], environment: ["WALLET_DB": session.database])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == Self.cards.count)
    #expect(lines.contains("N\\nL"))
    #expect(lines.contains("B\\\\n"))
    #expect(lines.contains("X$(touch pwned)"))
  }

  /// Splits the scripts' output: lines end with \u{1}, candidates with NUL.
  static func candidates(_ output: String) -> [[String]] {
    output.split(separator: "\u{1}", omittingEmptySubsequences: false).dropLast().map { line in
      line.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
  }
}
