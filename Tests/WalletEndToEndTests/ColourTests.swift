import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Colour is for a person at a terminal: never in a pipe or a file, never with NO_COLOR set.
@Suite(.tags(.endToEnd))
struct ColourTests {
  static let escape = "\u{1B}["

  /// Runs `wallet` with standard output on a pseudo-terminal, as in a terminal window, and
  /// returns what it printed there.
  static func runOnTerminal(_ arguments: [String], environment: [String: String]) throws -> String {
    let terminal = try #require(PseudoTerminal.functions, "no pseudo-terminals here")
    let primary = terminal.open(O_RDWR | O_NOCTTY)
    try #require(primary >= 0)
    defer { close(primary) }
    try #require(terminal.grant(primary) == 0 && terminal.unlock(primary) == 0)
    let name = try #require(terminal.name(primary).map { String(cString: $0) })
    let secondary = open(name, O_RDWR | O_NOCTTY)
    try #require(secondary >= 0)

    // Read while it runs, so that a full terminal buffer never blocks it.
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
    // With the last writer closed, reading the terminal ends (EIO on Linux).
    close(secondary)
    reader.wait()
    #expect(result.status == 0, "\(result.stderr)")
    return String(decoding: output, as: UTF8.self)
  }

  @Test(arguments: [["statement"], ["demo"]])
  func aTerminalGetsColourUnlessNoColorIsSet(command: [String]) throws {
    let session = try StoreSession()
    try session.importSample()
    let arguments = command == ["demo"] ? command : command + ["--db", session.database]
    let base = ["WALLET_NOW": StoreSession.now]

    let coloured = try Self.runOnTerminal(arguments, environment: base)
    #expect(coloured.contains(Self.escape + "1m"), "headings are bold on a terminal")

    var noColor = base
    noColor["NO_COLOR"] = "1"
    let plain = try Self.runOnTerminal(arguments, environment: noColor)
    #expect(!plain.contains(Self.escape))
    #expect(plain.contains("Total: 11 rewards, ¥135.00."))
  }

  @Test(arguments: [["statement"], ["demo"], ["export", "rewards", "--excel"]])
  func aPipeNeverGetsColour(command: [String]) throws {
    let session = try StoreSession()
    try session.importSample()
    let result =
      command == ["demo"] ? try WalletProcess.run(command) : try session.succeed(command)
    #expect(!result.stdout.isEmpty)
    #expect(!result.stdout.contains(Self.escape))
    #expect(!result.stderr.contains(Self.escape))
  }

  /// On a terminal with colour on, wallet's own escapes pass and a value's never do; CSV shown
  /// on a terminal is escaped too (in a pipe or file it is data, carried as it is).
  @Test func aTerminalSeesOnlyWalletsOwnEscapes() throws {
    let session = try HostileWallet.session()
    let check = try Self.runOnTerminal(
      ["check", HostileWallet.card, "--db", session.database],
      environment: ["WALLET_NOW": StoreSession.now])
    #expect(check.contains("\u{1B}[32m"), "the verdict is coloured")
    #expect(!check.contains("\u{1B}]"), "the title sequence is escaped")
    #expect(check.contains("C\\u{1B}]0;pwned\\u{7}"))

    let csv = try Self.runOnTerminal(
      ["export", "transactions", "--db", session.database],
      environment: ["WALLET_NOW": StoreSession.now])
    #expect(!csv.contains("\u{1B}"))
    #expect(!csv.contains("\\u{D}"), "CSV's own line ends stay line ends on a terminal")
    #expect(csv.contains("shop\\u{1B}[5m\\u{9B}"))
    let piped = try session.succeed(["export", "transactions"])
    #expect(piped.stdout.contains("shop\u{1B}[5m\u{9B}"), "a pipe gets the data as it is")
  }
}

/// The POSIX pseudo-terminal functions. Glibc's module map leaves them out (they need
/// `_XOPEN_SOURCE`), so on Linux they are looked up in the C library by name.
enum PseudoTerminal {
  struct Functions {
    let open: @convention(c) (Int32) -> Int32
    let grant: @convention(c) (Int32) -> Int32
    let unlock: @convention(c) (Int32) -> Int32
    let name: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
  }

  static let functions: Functions? = {
    #if canImport(Darwin)
      return Functions(open: posix_openpt, grant: grantpt, unlock: unlockpt, name: ptsname)
    #else
      let library = dlopen(nil, RTLD_NOW)
      func symbol<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(library, name).map { unsafeBitCast($0, to: type) }
      }
      guard
        let open = symbol("posix_openpt", as: (@convention(c) (Int32) -> Int32).self),
        let grant = symbol("grantpt", as: (@convention(c) (Int32) -> Int32).self),
        let unlock = symbol("unlockpt", as: (@convention(c) (Int32) -> Int32).self),
        let name = symbol(
          "ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
      else { return nil }
      return Functions(open: open, grant: grant, unlock: unlock, name: name)
    #endif
  }()
}
