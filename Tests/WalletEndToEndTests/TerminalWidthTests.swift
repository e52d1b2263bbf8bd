import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The binary on a real terminal takes its width from `COLUMNS`, else from the terminal itself
/// (`TIOCGWINSZ`), else 80, and fits its tables to it.
@Suite(.tags(.endToEnd))
struct TerminalWidthEndToEndTests {
  static let id = "bocom-credit:MY-BOCOM:2026-10-28:001:268.00"

  /// Runs `wallet` with standard output on a pseudo-terminal of `columns` (0: one that does
  /// not say), and returns its lines.
  static func run(
    _ arguments: [String], columns: UInt16, environment: [String: String]
  ) throws -> [String] {
    let terminal = try #require(PseudoTerminal.functions, "no pseudo-terminals here")
    let primary = terminal.open(O_RDWR | O_NOCTTY)
    try #require(primary >= 0)
    defer { close(primary) }
    try #require(terminal.grant(primary) == 0 && terminal.unlock(primary) == 0)
    let name = try #require(terminal.name(primary).map { String(cString: $0) })
    let secondary = open(name, O_RDWR | O_NOCTTY)
    try #require(secondary >= 0)
    var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    try #require(ioctl(secondary, UInt(TIOCSWINSZ), &size) == 0)
    let reader = DispatchGroup()
    nonisolated(unsafe) var output: [UInt8] = []
    DispatchQueue.global().async(group: reader) {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = read(primary, &buffer, buffer.count)
        if count <= 0 { break }
        output += buffer[0..<count]
      }
    }
    let result = try WalletProcess.run(arguments, environment: environment, outputTo: name)
    close(secondary)
    reader.wait()
    #expect(result.status == 0, "\(result.stderr)")
    return String(decoding: output, as: UTF8.self).lines
  }

  /// The widest line of the statement's table of rewards.
  static func widest(_ lines: [String]) -> Int {
    lines.filter { $0.contains("MY-BOCOM") }.map(\.count).max() ?? 0
  }

  @Test func columnsThenTheTerminalsSizeThenEighty() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "MY-BOCOM", "--holder", "me", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom", "--last4", "7449",
    ])
    try session.succeed(["enroll", "MY-BOCOM", "--channel", "bank-app", "--at", "2026-09-01"])
    try session.write(
      "statement.csv",
      "交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额\n"
        + "2026-10-28,2026-10-29,消费 某咖啡店,CNY 268.00,CNY 268.00\n")
    try session.succeed([
      "import", "statement", "statement.csv", "--card", "MY-BOCOM", "--method", "apple-pay",
    ])
    let arguments = ["statement", "--db", session.database]
    let base = ["WALLET_NOW": StoreSession.now, "NO_COLOR": "1"]

    let whole = try Self.run(arguments, columns: 200, environment: base)
    #expect(whole.contains { $0.contains(Self.id) })
    let sized = try Self.run(arguments, columns: 100, environment: base)
    let told = try Self.run(
      arguments, columns: 200, environment: base.merging(["COLUMNS": "100"]) { $1 })
    let silent = try Self.run(arguments, columns: 0, environment: base)
    #expect(!sized.contains { $0.contains(Self.id) })
    #expect(Self.widest(sized) <= 100)
    #expect(told == sized, "COLUMNS wins over the terminal's own size")
    #expect(Self.widest(silent) <= 80, "a terminal that says nothing is 80 wide")
    #expect(Self.widest(silent) < Self.widest(sized))
    let wide = try Self.run(arguments + ["--wide"], columns: 100, environment: base)
    #expect(wide == whole)
  }
}
