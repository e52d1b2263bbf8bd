import Foundation
import Testing
import WalletTestSupport

/// A store of its own in a temporary folder, and `wallet` run against it through `--db`, with a
/// fixed "now" so that defaults give the same answers any day.
public struct StoreSession {
  /// "Now" for every run unless a test says otherwise.
  public static let now = "2026-12-01T12:00:00+08:00"
  /// A number that passes the Luhn check and starts with 62 (a UnionPay card number).
  public static let cardNumber = "6222020000000000001"

  /// The session's own folder, holding the store and whatever files a test writes.
  public let folder: TemporaryFolder
  /// The store's path: in a folder that does not exist yet, so that creating it is tested too.
  public var database: String { folder.path("store/wallet.sqlite") }

  /// A session in a new temporary folder; its store does not exist until a command makes it.
  public init() throws {
    folder = try TemporaryFolder()
  }

  /// Runs `wallet arguments --db <store>` in the session's folder: in the test process
  /// (`CommandHarness`), or as the built binary when a stream goes to a file or a `launcher`
  /// runs it, which only a process of its own can do (see `WalletProcess.run`).
  /// With `terminalColumns`, standard output is taken for a terminal that wide.
  @discardableResult
  public func run(
    _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
    outputTo: String? = nil, errorsTo: String? = nil, launcher: [String] = [],
    terminalColumns: Int? = nil
  ) throws -> WalletProcess.Result {
    guard outputTo != nil || errorsTo != nil || !launcher.isEmpty else {
      return try CommandHarness.run(
        arguments + ["--db", database],
        environment: ["WALLET_NOW": Self.now].merging(environment) { _, mine in mine },
        directory: folder.url, stdin: stdin, terminalColumns: terminalColumns)
    }
    return try runBinary(
      arguments, environment: environment, stdin: stdin, outputTo: outputTo, errorsTo: errorsTo,
      launcher: launcher)
  }

  /// Runs the built binary as `wallet arguments --db <store>` in the session's folder (through
  /// `launcher`, see `WalletProcess.run`), for what needs a process of its own.
  @discardableResult
  public func runBinary(
    _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
    outputTo: String? = nil, errorsTo: String? = nil, launcher: [String] = []
  ) throws -> WalletProcess.Result {
    try WalletProcess.run(
      arguments + ["--db", database],
      environment: ["WALLET_NOW": Self.now].merging(environment) { _, mine in mine },
      directory: folder.url, stdin: stdin, outputTo: outputTo, errorsTo: errorsTo,
      launcher: launcher)
  }

  /// Runs a command that must succeed, and returns its result.
  @discardableResult
  public func succeed(
    _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> WalletProcess.Result {
    let result = try run(arguments, environment: environment, stdin: stdin)
    #expect(
      result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)",
      sourceLocation: sourceLocation)
    return result
  }

  /// Writes a file in the session's folder and returns its name.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try folder.write(name, text)
    return name
  }

  /// `init`, then the sample's three files imported in order: a copy of the store those
  /// commands make, made once per run (see `StoreTemplate`).
  public func importSample() throws {
    try Self.sample.copy(into: self)
  }

  private static let sample = StoreTemplate { session in
    try session.succeed(["init"])
    for kind in ["cards", "enrollments", "transactions"] {
      try session.succeed(["import", kind, WalletProcess.sample("\(kind).csv")])
    }
  }

  /// `importSample()`, then the sample's postings imported (a copy, as `importSample` makes).
  public func importSampleWithPostings() throws {
    try Self.sampleWithPostings.copy(into: self)
  }

  private static let sampleWithPostings = StoreTemplate { session in
    try session.importSample()
    try session.succeed(["import", "postings", WalletProcess.sample("postings.csv")])
  }

  /// Every byte of the store's folder (database, journal, WAL), to prove what never got in;
  /// not SQLite's shared-memory index, which holds no data and which a reading command, opening
  /// the store read-only, may leave behind (see `Database`).
  public func storeBytes() throws -> Data {
    let folder = URL(fileURLWithPath: database).deletingLastPathComponent()
    var bytes = Data()
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where !name.hasSuffix("-shm") {
      bytes += try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return bytes
  }

  /// A small wallet: one holder with a bocom credit card bound in the bank's app (a copy, as
  /// `importSample` makes).
  public func smallWallet() throws {
    try Self.small.copy(into: self)
  }

  private static let small = StoreTemplate { session in
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "C1", "--holder", "H1", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom", "--last4", "1234",
    ])
    try session.succeed([
      "enrollment", "add", "C1", "--channel", "bank-app", "--at", "2026-01-01T00:00:00+08:00",
      "--id", "E1",
    ])
  }
}

extension String {
  /// The lines of a command's output, without the final empty one.
  public var lines: [String] {
    // CSV lines end in CRLF, which Swift reads as one Character; isNewline covers both.
    split(whereSeparator: \.isNewline).map(String.init)
  }
}
