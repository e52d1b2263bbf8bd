import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// A new user's first commands (`data/sample/new-user-commands.txt`), run in process as
/// `tools/new-user-transcript` runs them with the binary, give the checked-in transcripts byte
/// for byte, so that a plain `swift test` catches what CI's transcript stage would.
struct NewUserTranscriptTests {
  /// The commands file's commands, each as its words after `wallet`.
  static func commands() throws -> [(line: String, words: [String])] {
    let text = try String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent(
        "data/sample/new-user-commands.txt"),
      encoding: .utf8)
    return text.split(separator: "\n").filter { $0.hasPrefix("wallet ") }.map { line in
      (String(line), line.dropFirst("wallet ".count).split(separator: " ").map(String.init))
    }
  }

  /// The transcript the script prints: each command after `$ `, its standard output, its
  /// standard error, its exit status when not 0, a blank line between commands.
  static func transcript(locale: String) throws -> String {
    let folder = try TemporaryFolder()
    var text = ""
    for (index, command) in try commands().enumerated() {
      if index > 0 { text += "\n" }
      let result = try CommandHarness.run(
        command.words,
        environment: [
          "WALLET_DB": "wallet.sqlite", "WALLET_NOW": "2026-12-01T12:00:00+08:00",
          "NO_COLOR": "1", "LANG": locale,
        ],
        directory: folder.url)
      text += "$ \(command.line)\n" + result.stdout + result.stderr
      if result.status != 0 { text += "(exit status \(result.status))\n" }
    }
    return text
  }

  static func expected(_ name: String) throws -> String {
    try String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent(
        "data/sample/expected/\(name)"),
      encoding: .utf8)
  }

  @Test(arguments: [("en_US.UTF-8", "new-user.txt"), ("zh_CN.UTF-8", "new-user.zh-Hans.txt")])
  func theFirstCommandsGiveTheCheckedInTranscript(locale: String, file: String) throws {
    #expect(try Self.transcript(locale: locale) == (try Self.expected(file)))
  }

  /// What the transcript is there to show, so that a change to it cannot quietly drop one.
  @Test func theTranscriptShowsWhatANewUserTripsOver() throws {
    let english = try Self.expected("new-user.txt")
    for shown in [
      "Warning: no installed promotion can ever reward card C2",
      "C1    H1      unionpay  credit  primary  bocom", "Pay with C1: it earns ¥10.00.",
      "write the amount without thousands separators", "T1 earns ¥10.00.",
    ] {
      #expect(english.contains(shown), "\(shown)")
    }
    #expect(try Self.commands().count <= 15)
    let chinese = try Self.expected("new-user.zh-Hans.txt")
    #expect(chinese.contains("该卡由招商银行发行；只有交通银行的卡才计入。"))
    #expect(chinese.contains("金额中不要用千位分隔符"))
  }
}
