import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet init`, where the store lives, and what reading commands do without one.
struct InitCommandTests {
  /// The permission bits of a file or folder.
  func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o777
  }

  @Test func createsAPrivateStoreInAPrivateFolder() throws {
    let session = try StoreSession()
    let result = try session.run(["init"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "Created a new store at \(session.database) (time zone Asia/Shanghai).\n")
    #expect(try mode(session.database) == 0o600)
    #expect(try mode(session.folder.path("store")) == 0o700)
  }

  @Test func runningItAgainChangesNothing() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let before = try session.succeed(["card", "list", "--format", "csv"]).stdout
    for arguments in [["init"], ["init", "--timezone", "Asia/Shanghai"]] {
      let again = try session.run(arguments)
      #expect(again.status == 0)
      #expect(again.stdout.isEmpty)
      #expect(
        again.stderr == "The store at \(session.database) is ready (time zone Asia/Shanghai).\n")
    }
    #expect(try session.succeed(["card", "list", "--format", "csv"]).stdout == before)
    #expect(try mode(session.database) == 0o600)
  }

  @Test func timeZoneReadsTimesWithoutAnOffset() throws {
    let session = try StoreSession()
    let created = try session.run(["init", "--timezone", "UTC"])
    #expect(created.stderr.contains("(time zone UTC)"))
    try session.succeed([
      "card", "add", "C1", "--holder", "H1", "--network", "visa", "--type", "credit",
    ])
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "5", "--at", "2026-03-01 09:30",
    ])
    let listed = try session.succeed(["txn", "list", "--format", "csv"])
    #expect(listed.stdout.contains("T1,C1,2026-03-01T09:30:00+00:00,5.00,"))
  }

  @Test func anotherTimeZoneIsRefusedOnceTheStoreHoldsData() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let result = try session.run(["init", "--timezone", "UTC"])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.hasPrefix(
        "Error: the store at \(session.database) reads times in Asia/Shanghai"))
    #expect(try session.run(["init"]).stderr.contains("(time zone Asia/Shanghai)"))
  }

  @Test func anEmptyStoreTakesAnotherTimeZone() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let result = try session.run(["init", "--timezone", "Europe/London"])
    #expect(result.status == 0)
    #expect(result.stderr.contains("now reads times in Europe/London (it was Asia/Shanghai)"))
    #expect(try session.run(["init"]).stderr.contains("(time zone Europe/London)"))
  }

  @Test(arguments: ["CST", "Mars/Olympus", ""])
  func anUnknownTimeZoneIsAUsageError(zone: String) throws {
    let session = try StoreSession()
    let result = try session.run(["init", "--timezone", zone])
    #expect(result.status == 64)
    #expect(
      result.stderr.hasPrefix("Error: The value '\(zone)' is invalid for '--timezone <zone>'"))
    #expect(!session.folder.exists("store"))
  }

  @Test(arguments: [
    ["statement"], ["card", "list"], ["enrollment", "list"], ["txn", "list"],
    ["promotion", "list"],
    ["promotion", "show", "bocom-applepay-monthly"], ["card", "remove", "C1"],
    ["txn", "refund", "T1", "--amount", "1"], ["enrollment", "remove", "E1"],
  ])
  func readingWithoutAStoreExits66(arguments: [String]) throws {
    let session = try StoreSession()
    let result = try session.run(arguments)
    #expect(result.status == 66)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "Error: no wallet store at \(session.database); create one with 'wallet init'\n")
    #expect(!session.folder.exists("store"))
  }

  @Test func storePathComesFromTheEnvironment() throws {
    let folder = try TemporaryFolder()
    let home = folder.path("home")
    let xdg = folder.path("xdg")
    func initialise(_ environment: [String: String], _ extra: [String] = []) throws -> String {
      let result = try CommandHarness.run(["init"] + extra, environment: environment)
      #expect(result.status == 0, "\(result.stderr)")
      return result.stderr
    }
    // HOME alone: ~/.local/share/wallet/wallet.sqlite, every missing folder made.
    #expect(
      try initialise(["HOME": home]).contains("at \(home)/.local/share/wallet/wallet.sqlite"))
    #expect(FileManager.default.fileExists(atPath: "\(home)/.local/share/wallet/wallet.sqlite"))
    // XDG_DATA_HOME wins over HOME; a relative one is ignored, as the XDG spec says.
    #expect(
      try initialise(["HOME": home, "XDG_DATA_HOME": xdg]).contains(
        "at \(xdg)/wallet/wallet.sqlite"))
    #expect(
      try initialise(["HOME": home, "XDG_DATA_HOME": "relative"]).contains(
        "ready (time zone"))
    // WALLET_DB wins over both, and --db over WALLET_DB.
    let walletDB = folder.path("env/w.sqlite")
    #expect(
      try initialise(["HOME": home, "XDG_DATA_HOME": xdg, "WALLET_DB": walletDB]).contains(
        "at \(walletDB)"))
    let flag = folder.path("flag.sqlite")
    #expect(
      try initialise(["HOME": home, "WALLET_DB": walletDB], ["--db", flag]).contains(
        "at \(flag)"))
    #expect(FileManager.default.fileExists(atPath: flag))
    // A reading command finds the same store through the same variables.
    let listed = try CommandHarness.run(
      ["promotion", "list", "--format", "csv"], environment: ["HOME": home, "XDG_DATA_HOME": xdg])
    #expect(listed.status == 0)
    #expect(listed.stdout.contains("bocom-applepay-monthly"))
  }

  @Test func aFileThatIsNotAStoreIsLeftAlone() throws {
    let session = try StoreSession()
    try FileManager.default.createDirectory(
      atPath: session.folder.path("store"), withIntermediateDirectories: true)
    try session.write("store/wallet.sqlite", "holder,card\n")
    let result = try session.run(["init"])
    #expect(result.status == 65)
    #expect(result.stderr.contains("is not a wallet store"))
    #expect(session.folder.read("store/wallet.sqlite") == "holder,card\n")
  }
}
