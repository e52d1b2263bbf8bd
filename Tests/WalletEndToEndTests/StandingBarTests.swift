import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// A table of where a holder stands under a SPEC 8 promotion draws a bar of each limit's share
/// used for a person at a terminal, colour or not, and never for a pipe.
@Suite(.tags(.endToEnd))
struct StandingBarTests {
  @Test func aTerminalGetsBarsAPipeDoesNot() throws {
    let session = try StoreSession()
    try StandingStore.make(session)
    let arguments = ["statement", "--promotion", "five-percent", "--db", session.database]
    let environment = ["WALLET_NOW": StoreSession.now, "NO_COLOR": "1"]
    let terminal = try ColourTests.runOnTerminal(arguments, environment: environment)
    // CA's reward of the day is used (full bar); ¥12.00 of ¥12.00 is used.
    #expect(terminal.contains("[##########]"))
    #expect(!terminal.contains("\u{1B}["), "NO_COLOR still holds")
    let piped = try session.run(["statement", "--promotion", "five-percent"])
    #expect(!piped.stdout.contains("[#"))
  }
}
