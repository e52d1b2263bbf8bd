import Foundation
import Testing
import WalletCore
import WalletTestSupport

@testable import WalletCLI

/// The manual and the README say what the code does.
struct ManualTests {
  static let manual: String =
    (try? String(
      contentsOf: WalletProcess.packageRoot.appendingPathComponent("man/wallet.1"),
      encoding: .utf8)) ?? ""

  @Test func everyCommandAndOptionIsInTheManual() {
    #expect(!Self.manual.isEmpty)
    for entry in WalletCommandLine.parser.commandCatalog() where !entry.path.isEmpty {
      let command = entry.path.joined(separator: " ")
      #expect(
        Self.manual.contains(".Cm \(entry.path.last ?? "")") || Self.manual.contains(command),
        "command '\(command)' is missing from man/wallet.1")
      for option in entry.optionNames where option.hasPrefix("--") {
        let flag = "Fl -" + option.dropFirst(2)
        #expect(Self.manual.contains(flag), "'\(command) \(option)' is missing from man/wallet.1")
      }
    }
  }

  @Test func everyReasonCodeIsInTheManual() {
    for code in ReasonCode.allCases {
      #expect(Self.manual.contains(".It Li \(code.rawValue)"), "\(code) is missing")
    }
  }
}
