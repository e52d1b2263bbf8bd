import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet completion bash|zsh|fish`: the bash script's completion function, run by bash itself
/// on command lines as a user would type them, offers subcommands, options, fixed values and the
/// store's ids.
@Suite(.tags(.endToEnd))
struct CompletionTests {
  /// Runs bash, which loads `wallet completion bash` and calls its function on each line (what
  /// has been typed, up to the cursor) as bash would: `COMP_WORDS` split at blanks and at `:`
  /// and `=`, as the default `COMP_WORDBREAKS` does. Prints one line of candidates per line.
  static func complete(_ lines: [String], store: String) throws -> [String] {
    let script = """
      set -u
      PATH="$(dirname "$1"):$PATH"
      eval "$("$1" completion bash)"
      shift
      for line in "$@"; do
        COMP_LINE=$line
        COMP_POINT=${#line}
        read -ra COMP_WORDS <<< "$(sed 's/[:=]/ & /g' <<< "$line")"
        [[ $line == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        COMPREPLY=()
        _wallet
        echo "${COMPREPLY[*]}"
      done
      """
    let result = try WalletProcess.run(
      lines, environment: ["WALLET_DB": store, "WALLET_NOW": StoreSession.now],
      directory: URL(fileURLWithPath: store).deletingLastPathComponent()
        .deletingLastPathComponent(),
      launcher: ["/bin/bash", "-c", script, "bash"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map(String.init)
  }

  @Test func bashCompletesCommandsOptionsValuesAndTheStoresIDs() throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at", "2026-11-23",
    ])
    // A made-up enrollment id holds ':', where bash splits words.
    try session.succeed(["enroll", "C1", "--channel", "wallet", "--at", "2026-11-02"])
    let lines = [
      "wallet tx", "wallet txn ", "wallet transaction re", "wallet txn list --ca",
      "wallet txn list --card ", "wallet statement --holder ", "wallet check --format ",
      "wallet card add C9 --network union", "wallet enrollment remove E", "wallet txn remove ",
      "wallet promotion show ", "wallet completion ", "wallet enrollment remove C1:w",
      "wallet import cards --db ", "wallet --v",
    ]
    let expected = [
      "txn", "add refund list settle void remove", "refund remove", "--card", "C1", "H1",
      "table json",
      "unionpay", "E1", "T1", "bocom-applepay-monthly", "bash zsh fish",
      "wallet:2026-11-02T00:00:00+08:00", "store", "--version",
    ]
    let got = try Self.complete(lines, store: session.database)
    #expect(got.count == lines.count)
    for (index, line) in lines.enumerated() where index < got.count {
      #expect(got[index] == expected[index], "\(line)")
    }
  }

  @Test func everySubcommandAndOptionInHelpIsOffered() throws {
    let session = try StoreSession()
    let top = try Self.complete(["wallet "], store: session.database)
    let help = try WalletProcess.run(["--help"]).stdout
    let commands = help.components(separatedBy: "SUBCOMMANDS:").last ?? ""
    // A subcommand's line starts with two spaces and its name; wrapped lines with more.
    for line in commands.lines where line.hasPrefix("  ") && !line.hasPrefix("   ") {
      guard let name = line.split(separator: " ").first, name != "See" else { continue }
      #expect(top.first?.split(separator: " ").contains(name) == true, "\(name)")
    }
    let options = try Self.complete(["wallet txn add --"], store: session.database)
    for option in ["--id", "--card", "--amount", "--at", "--future", "--replace", "--db"] {
      #expect(options.first?.split(separator: " ").contains(Substring(option)) == true, "\(option)")
    }
  }

  @Test func theGlobalLanguageOptionAndItsValuesAreOffered() throws {
    // `--lang` is read before the command tree is, wherever it stands, so completion offers it
    // beside each command's own options, and its values, after any word.
    let session = try StoreSession()
    let lines = [
      "wallet --la", "wallet --lang ", "wallet txn list --lang z", "wallet --lang zh-Hans tx",
      "wallet --lang=z", "wallet check C1 --la", "wallet --lang=en txn list --lan",
    ]
    let expected = ["--lang", "en zh-Hans", "zh-Hans", "txn", "zh-Hans", "--lang", ""]
    let got = try Self.complete(lines, store: session.database)
    #expect(got == expected)
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func eachShellGetsAScriptThatAsksWallet(shell: String) throws {
    let result = try WalletProcess.run(["completion", shell])
    #expect(result.status == 0)
    #expect(result.stdout.contains("wallet __complete"))
    #expect(result.stdout.contains("\(shell) completion for wallet"))
  }

  @Test func bashCompletesWaitingAndTheIdOfAWaitingRefund() throws {
    // The BoCom card and an Alipay refund of ¥20.00 kept waiting for its purchase.
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "BOCOM", "--holder", "H1", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom", "--last4", "7449",
    ])
    try session.write(
      "refund.csv",
      "交易时间,交易分类,交易对方,对方账号,商品说明,收/支,金额,收/付款方式,交易状态,交易订单号,商家订单号,备注\n"
        + "2023-02-14 12:00:00,日用百货,某超市,,退款-日用品,不计收支,20.00,交通银行信用卡(7449),退款成功,LATER_1,,\n")
    try session.succeed(["import", "statement", "refund.csv"])
    let got = try Self.complete(
      ["wallet txn list --wai", "wallet txn remove ali"], store: session.database)
    #expect(got == ["--waiting", "alipay:LATER_1"])
  }
}
