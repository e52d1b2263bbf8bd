import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet import`: all of a file or none of it, idempotent, located errors.
struct ImportCommandTests {
  static let cards = "card,holder,network,type,role,issuer,last4\n"
  static let transactions =
    "id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc\n"

  /// A new store holding one card, C1 of holder H1.
  static func storeWithCardC1() throws -> StoreSession {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.write("cards.csv", cards + "C1,H1,visa,credit,,,\n")
    try session.succeed(["import", "cards", "cards.csv"])
    return session
  }

  @Test func theSampleInAStoreGivesTheBatchRewardsByteForByte() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let summaries = try ["cards", "enrollments", "transactions"].map { kind in
      try session.succeed(["import", kind, WalletProcess.sample("\(kind).csv")])
    }
    #expect(summaries.allSatisfy { $0.stdout.isEmpty })
    #expect(
      summaries.map(\.stderr) == [
        // The sample's debit card and its card of another bank can never earn, and are said.
        "Warning: no installed promotion can ever reward card C-ZW-DEBIT: It is a debit card; "
          + "only credit cards count.\n"
          + "Warning: no installed promotion can ever reward card C-ZW-CMB: The card is issued "
          + "by cmb; only bocom cards count.\n"
          + "\(WalletProcess.sample("cards.csv")): 7 new, 0 already present, 0 replaced, 0 invalid\n",
        "\(WalletProcess.sample("enrollments.csv")): 9 new, 0 already present, 0 replaced, 0 invalid\n",
        "\(WalletProcess.sample("transactions.csv")): 25 new, 0 already present, 0 replaced, 0 invalid\n",
      ])
    let statement = try session.succeed(["statement", "--format", "csv"])
    let expected = try Data(
      contentsOf: URL(fileURLWithPath: WalletProcess.sample("expected/rewards.csv")))
    #expect(Data(statement.stdout.utf8) == expected)
    #expect(statement.stderr.isEmpty)
  }

  @Test func importingTheSameFilesAgainChangesNothing() throws {
    let session = try StoreSession()
    try session.importSample()
    let before = try session.succeed(["txn", "list", "--format", "csv"]).stdout
    let counts = ["cards": 7, "enrollments": 9, "transactions": 25]
    for kind in ["cards", "enrollments", "transactions"] {
      let again = try session.run(["import", kind, WalletProcess.sample("\(kind).csv")])
      #expect(again.status == 0)
      #expect(
        again.stderr.hasSuffix(": 0 new, \(counts[kind]!) already present, 0 replaced, 0 invalid\n")
      )
    }
    #expect(try session.succeed(["txn", "list", "--format", "csv"]).stdout == before)
    let rewards = try String(
      contentsOfFile: WalletProcess.sample("expected/rewards.csv"), encoding: .utf8)
    #expect(try session.succeed(["statement", "--format", "csv"]).stdout == rewards)
  }

  /// A row that differs from the stored transaction in its amount alone says so, with both
  /// amounts, whether it stops the import or is skipped.
  @Test func aConflictingTransactionNamesTheFieldThatDiffers() throws {
    let session = try StoreSession()
    try session.importSample()
    let sample = try String(
      contentsOfFile: WalletProcess.sample("transactions.csv"), encoding: .utf8)
    let row = try #require(sample.lines.firstIndex { $0.hasPrefix("T1001,") })
    var lines = sample.lines
    #expect(lines[row].contains(",268.00,"))
    lines[row] = lines[row].replacingOccurrences(of: ",268.00,", with: ",269.00,")
    try session.write("chg.csv", lines.joined(separator: "\n") + "\n")
    let message =
      "chg.csv:\(row + 1):1: transaction 'T1001' is already in the store with other details "
      + "(amount is ¥268.00 there, ¥269.00 here); use --replace to overwrite\n"

    let refused = try session.run(["import", "transactions", "chg.csv"])
    #expect(refused.status == 65)
    #expect(refused.stderr == "Error: " + message)
    let skipped = try session.run(["import", "transactions", "chg.csv", "--skip-invalid"])
    #expect(skipped.status == 0)
    #expect(skipped.stderr.hasPrefix("skipped " + message))
  }

  @Test func aConflictNamesFileAndLineAndImportsNothing() throws {
    let session = try Self.storeWithCardC1()
    try session.write("more.csv", Self.cards + "C2,H2,visa,credit,,,\n\nC1,H1,visa,debit,,,\n")
    let result = try session.run(["import", "cards", "more.csv"])
    #expect(result.status == 65)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "Error: more.csv:4:1: card 'C1' is already in the store with other details (type "
        + "is credit there, debit here); use --replace to overwrite\n")
    // All of the file or none: C2, on the line before, did not get in either.
    #expect(
      try session.succeed(["card", "list", "--format", "csv"]).stdout
        == "card,holder,network,type,role,issuer,last4\r\nC1,H1,visa,credit,primary,,\r\n")

    let replaced = try session.run(["import", "cards", "more.csv", "--replace"])
    #expect(replaced.status == 0)
    // Neither card names its issuer, which the built-in promotion needs: each is warned of.
    let warning = "Warning: no installed promotion can ever reward card "
    let why = ": The card is of an issuer wallet does not know; only bocom cards count.\n"
    #expect(
      replaced.stderr
        == warning + "C2" + why + warning + "C1" + why
        + "more.csv: 1 new, 0 already present, 1 replaced, 0 invalid\n")
    #expect(
      try session.succeed(["card", "list", "--format", "csv"]).stdout.contains("C1,H1,visa,debit"))
  }

  @Test func storeRefusalsPointAtTheirColumn() throws {
    let session = try Self.storeWithCardC1()
    try session.write(
      "t.csv",
      Self.transactions + "T1,C1,2026-01-01T10:00,100,,,,,,,\n"
        + "T2,C1,2026-01-01T10:00,100,,,,,E9,,\n")
    let result = try session.run(["import", "transactions", "t.csv"])
    #expect(result.status == 65)
    #expect(result.stderr == "Error: t.csv:3:9: no enrollment 'E9' in the store\n")
    #expect(try session.run(["txn", "list"]).stderr == "No transactions.\n")
  }

  @Test func skipInvalidReportsEveryRowAndImportsTheRest() throws {
    let session = try Self.storeWithCardC1()
    try session.write(
      "t.csv",
      Self.transactions
        + "T1,C1,2026-01-01T10:00,100,,,,,,,\n"
        + "T2,C9,2026-01-01T10:00,100,,,,,,,\n"
        + "T3,C1,2026-01-01T10:00,1e3,,,,,,,\n"
        + "T1,C1,2026-01-02T10:00,100,,,,,,,\n"
        + "T4,C1,2026-01-03T10:00,100.5,,,,,,,\n")
    let result = try session.run(["import", "transactions", "t.csv", "--skip-invalid"])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.lines == [
        "skipped t.csv:3:2: no card 'C9' in the store",
        "skipped t.csv:4:4: amount '1e3': write the amount in plain digits, not with an exponent",
        "skipped t.csv:5:1: transaction 'T1' is listed twice (first on line 2)",
        "t.csv: 2 new, 0 already present, 0 replaced, 3 invalid",
      ])
    let listed = try session.succeed(["txn", "list", "--format", "csv"]).stdout.lines
    #expect(listed.map { $0.prefix(3) } == ["id,", "T1,", "T4,"])

    // --quiet drops the summary, never the skipped rows.
    let quiet = try session.run(["import", "transactions", "t.csv", "--skip-invalid", "--quiet"])
    #expect(quiet.status == 0)
    #expect(quiet.stderr.lines.count == 3)
    #expect(quiet.stderr.lines.allSatisfy { $0.hasPrefix("skipped t.csv:") })
  }

  @Test(
    "a repeated id is reported where a row-by-row read would stop",
    arguments: [
      (
        "T1,C1,2026-01-01T10:00,100,,,,,,,\nT1,C1,2026-01-02T10:00,100,,,,,,,\n"
          + "T3,C1,2026-01-01T10:00,1e3,,,,,,,\n",
        "t.csv:3:1: transaction 'T1' is listed twice (first on line 2)"
      ),
      (
        "T1,C1,2026-01-01T10:00,100,,,,,,,\nT3,C1,2026-01-01T10:00,1e3,,,,,,,\n"
          + "T1,C1,2026-01-02T10:00,100,,,,,,,\n",
        "t.csv:3:4: amount '1e3': write the amount in plain digits, not with an exponent"
      ),
      (
        "T1,C1,2026-01-01T10:00,100,,,,,,,\nT2,C1,2026-01-01T10:00,100,,,,,,,\n"
          + "T2,C1,2026-01-01T10:00,100,,,,,,,\nT1,C1,2026-01-02T10:00,100,,,,,,,\n",
        "t.csv:4:1: transaction 'T2' is listed twice (first on line 3)"
      ),
    ])
  func repeatedIDsInFileOrder(rows: String, error: String) throws {
    let session = try Self.storeWithCardC1()
    try session.write("t.csv", Self.transactions + rows)
    let result = try session.run(["import", "transactions", "t.csv"])
    #expect(result.status == 65)
    #expect(result.stderr.lines.first == "Error: " + error)
    #expect(try session.run(["txn", "list"]).stderr == "No transactions.\n")
  }

  @Test func aRepeatedIDAfterAFieldOverTwoLinesIsShownAtTheIDsLine() throws {
    let session = try Self.storeWithCardC1()
    try session.write(
      "t.csv",
      "merchant,id,card,time,amount\n"
        + "Shop,T1,C1,2026-01-01T10:00,100\n"
        + "Shop,T1,C1,2026-01-01T10:00,100\n"
        + "\"Two\nlines\",T1,C1,2026-01-02T10:00,100\n")
    let result = try session.run(["import", "transactions", "t.csv", "--skip-invalid"])
    #expect(result.status == 0)
    #expect(
      result.stderr.lines.prefix(2) == [
        "skipped t.csv:3:2: transaction 'T1' is listed twice (first on line 2)",
        "skipped t.csv:5:2: transaction 'T1' is listed twice (first on line 2)",
      ])
    #expect(result.stderr.lines.last == "t.csv: 1 new, 0 already present, 0 replaced, 2 invalid")
  }

  @Test func aBadRowStopsTheImport() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.write("cards.csv", Self.cards + "C1,H1,visa,credit,,,\nC2,H2,vissa,credit,,,\n")
    let result = try session.run(["import", "cards", "cards.csv"])
    #expect(result.status == 65)
    #expect(result.stderr.hasPrefix("Error: cards.csv:3:3: network 'vissa': unknown network:"))
    #expect(try session.run(["card", "list"]).stderr == "No cards.\n")
  }

  @Test func standardInputIsReadForADash() throws {
    let session = try StoreSession()
    let result = try session.run(
      ["import", "cards", "-"], stdin: Self.cards + "C1,H1,visa,credit,,,\n")
    #expect(result.status == 0)
    #expect(result.stderr.hasSuffix("stdin: 1 new, 0 already present, 0 replaced, 0 invalid\n"))
    #expect(try session.succeed(["card", "list", "--format", "csv"]).stdout.contains("C1,H1,visa"))
  }

  @Test func aMissingFileExits66AndCreatesNoStore() throws {
    let session = try StoreSession()
    let result = try session.run(["import", "cards", "missing.csv"])
    #expect(result.status == 66)
    #expect(result.stderr == "Error: cannot open missing.csv: No such file or directory\n")
    #expect(!session.folder.exists("store"))
  }

  @Test func naiveTimesAreReadInTheStoresZone() throws {
    let session = try StoreSession()
    try session.succeed(["init", "--timezone", "America/New_York"])
    try session.write("cards.csv", Self.cards + "C1,H1,visa,credit,,,\n")
    try session.write("t.csv", Self.transactions + "T1,C1,2026-07-01 09:00,100,,,,,,,\n")
    try session.succeed(["import", "cards", "cards.csv"])
    try session.succeed(["import", "transactions", "t.csv"])
    #expect(
      try session.succeed(["txn", "list", "--format", "csv"]).stdout.contains(
        "T1,C1,2026-07-01T09:00:00-04:00,100.00"))
  }

  @Test(arguments: ["xml", "card"])
  func anUnknownKindIsAUsageError(kind: String) throws {
    let session = try StoreSession()
    let result = try session.run(["import", kind, "x.csv"])
    #expect(result.status == 64)
    // Each kind is a command of the import group, and the parser suggests a near miss.
    #expect(result.stderr.hasPrefix("Error: Unknown subcommand '\(kind)'"))
    #expect(result.stderr.contains("Usage: wallet import <subcommand>"))
  }
}
