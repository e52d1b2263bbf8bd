import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// Each shell's completion offers `--db` before the subcommand, completes its value as a file,
/// and then offers the ids of the store it names, not those of `WALLET_DB`'s.
@Suite(.tags(.endToEnd))
struct CompletionStoreOptionTests {
  /// `WALLET_DB`'s store, holding C1, and another one, holding OTHER only.
  static func stores() throws -> (default: StoreSession, other: StoreSession) {
    let (first, other) = (try StoreSession(), try StoreSession())
    try first.smallWallet()
    try other.succeed(["init"])
    try other.succeed([
      "card", "add", "OTHER", "--holder", "H2", "--network", "visa", "--type", "debit",
    ])
    return (first, other)
  }

  @Test func bash() throws {
    let (first, other) = try Self.stores()
    let lines = [
      "wallet --d", "wallet card --d", "wallet --db \(other.database) card remove ",
      "wallet card remove ", "wallet --db \(other.database) card list --d",
    ]
    let got = try CompletionTests.complete(lines, store: first.database)
    #expect(got == ["--db", "--db", "OTHER", "C1", ""])
  }

  @Test(.enabled(if: CompletionHostileIDTests.available("zsh")))
  func zsh() throws {
    let (first, other) = try Self.stores()
    let script = #"""
      shift
      PATH="$WALLET_BIN:$PATH"
      compdef() { :; }
      _files() { print -rn -- ':files'; printf '\0'; }
      compadd() {
        [[ $1 == -- ]] && shift
        local candidate
        for candidate in "$@"; do print -rn -- "$candidate"; printf '\0'; done
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
    let lines = [
      "wallet --d", "wallet --db ", "wallet --db \(other.database) card remove ",
      "wallet card remove ",
    ]
    let result = try CompletionHostileIDTests.runShell(
      ["/usr/bin/zsh", "-f", "-c"], script, lines: lines, session: first)
    #expect(result.status == 0, "\(result.stderr)")
    let got = CompletionHostileIDTests.candidates(result.stdout)
    #expect(got == [["--db"], [":files"], ["OTHER"], ["C1"]])
  }

  @Test(.enabled(if: CompletionHostileIDTests.available("fish")))
  func fish() throws {
    let (first, other) = try Self.stores()
    let script = #"""
      set -e argv[1..2]
      set -x PATH $WALLET_BIN $PATH
      wallet completion fish | source
      for line in $argv
          for candidate in (complete -C"$line")
              printf '%s\0' (string split -f1 \t -- $candidate)
          end
          printf '\1'
      end
      """#
    let lines = [
      "wallet --d", "wallet --db \(other.database) card remove ", "wallet card remove ",
    ]
    let result = try CompletionHostileIDTests.runShell(
      ["/usr/bin/fish", "--no-config", "-c"], script, lines: lines, session: first)
    #expect(result.status == 0, "\(result.stderr)")
    let got = CompletionHostileIDTests.candidates(result.stdout)
    #expect(got == [["--db"], ["OTHER"], ["C1"]])
  }
}
