import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// An option that takes a built-in's id or a file (`import statement --format`, `batch
/// --promotion`, `sql --promotion`) completes both in each shell: the built-in ids, and the
/// files of the folder, never the protocol's `:files` word itself; `format show` completes the
/// format ids.
@Suite(.tags(.endToEnd))
struct CompletionBuiltInIDTests {
  static let formats = ["bocom-credit", "cmb-credit", "icbc-credit", "alipay", "wechat"]
  static let promotion = "bocom-applepay-monthly"

  /// A store, and beside it a file of the user's own (`mine.json`), in the folder the shell
  /// completes in.
  static func session() throws -> StoreSession {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.write("mine.json", "{}\n")
    return session
  }

  @Test func theBuiltInIDsAreWalletsOwn() throws {
    let result = try WalletProcess.run(["format", "list", "--format", "csv"])
    let ids = result.stdout.lines.dropFirst().map { String($0.prefix { $0 != "," }) }
    #expect(ids == Self.formats)
  }

  @Test func bash() throws {
    let session = try Self.session()
    let lines = [
      "wallet import statement --format ", "wallet import statement --format w",
      "wallet import statement --format mi", "wallet batch --promotion ",
      "wallet batch --promotion bo", "wallet sql --promotion m", "wallet format show ",
      "wallet format show c",
    ]
    let got = try CompletionTests.complete(lines, store: session.database)
    #expect(got.count == lines.count)
    #expect(!got.contains { $0.contains(":files") })
    let expected: [Set<String>] = [
      Set(["mine.json", "store"] + Self.formats), ["wechat"], ["mine.json"],
      ["mine.json", "store", Self.promotion], [Self.promotion], ["mine.json"], Set(Self.formats),
      ["cmb-credit"],
    ]
    for (index, want) in expected.enumerated() where index < got.count {
      let words = Set(got[index].split(separator: " ").map(String.init))
      #expect(words == want, "\(lines[index])")
    }
  }

  /// zsh: `_files` (standing in for zsh's own) marks where file names would go; the ids reach
  /// `compadd` beside them.
  @Test(.enabled(if: CompletionHostileIDTests.available("zsh")))
  func zsh() throws {
    let session = try Self.session()
    let script = #"""
      shift
      PATH="$WALLET_BIN:$PATH"
      compdef() { :; }
      _files() { print -rn -- 'FILE NAMES'; printf '\0'; }
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
      "wallet import statement --format ", "wallet import statement --format ic",
      "wallet batch --promotion ", "wallet import statement --format mi",
    ]
    let result = try CompletionHostileIDTests.runShell(
      ["/usr/bin/zsh", "-f", "-c"], script, lines: lines, session: session)
    #expect(result.status == 0, "\(result.stderr)")
    let got = CompletionHostileIDTests.candidates(result.stdout)
    #expect(
      got == [
        ["FILE NAMES"] + Self.formats, ["FILE NAMES", "icbc-credit"],
        ["FILE NAMES", Self.promotion], ["FILE NAMES"],
      ])
  }

  /// fish: `complete -C` gives the folder's files and the ids together.
  @Test(.enabled(if: CompletionHostileIDTests.available("fish")))
  func fish() throws {
    let session = try Self.session()
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
      "wallet import statement --format ", "wallet batch --promotion b",
      "wallet import statement --format mi", "wallet format show w",
    ]
    let result = try CompletionHostileIDTests.runShell(
      ["/usr/bin/fish", "--no-config", "-c"], script, lines: lines, session: session)
    #expect(result.status == 0, "\(result.stderr)")
    let got = CompletionHostileIDTests.candidates(result.stdout).map(Set.init)
    #expect(
      got == [
        Set(["mine.json", "store/"] + Self.formats), [Self.promotion], ["mine.json"], ["wechat"],
      ])
  }
}
