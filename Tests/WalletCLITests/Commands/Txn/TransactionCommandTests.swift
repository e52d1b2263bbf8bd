import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet txn add|refund|list`.
struct TransactionCommandTests {
  static let header = "id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc"

  @Test func addRecordsAndSaysHowItIsDecided() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let added = try session.run([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150.5", "--at",
      "2026-03-01T10:00", "--merchant", "盒马鲜生", "--mcc", "5411", "--enrollment", "E1",
      "--currency", "cny", "--method", "Apple-Pay", "--status", "PENDING",
    ])
    #expect(added.status == 0)
    #expect(added.stdout.isEmpty)
    #expect(
      added.stderr.lines == [
        "Recorded transaction T1: ¥150.50 on card C1 at 2026-03-01T10:00:00+08:00.",
        "  bocom-applepay-monthly: rewarded ¥10.00 (the holder's reward 1, bank-app)",
      ])
    let small = try session.run(["txn", "add", "--id", "T2", "--card", "C1", "--amount", "99.99"])
    #expect(
      small.stderr.contains("Recorded transaction T2: ¥99.99 on card C1 at \(StoreSession.now)."))
    #expect(small.stderr.contains("bocom-applepay-monthly: not rewarded (below-minimum)"))

    let csv = try session.succeed(["txn", "list", "--format", "csv"])
    #expect(
      csv.stdout == Self.header + "\r\n"
        + "T1,C1,2026-03-01T10:00:00+08:00,150.50,CNY,apple-pay,pending,0.00,E1,盒马鲜生,5411\r\n"
        + "T2,C1,2026-12-01T12:00:00+08:00,99.99,CNY,apple-pay,settled,0.00,,,\r\n")
  }

  @Test(arguments: [
    (["--amount", "1e3"], "write the amount in plain digits, not with an exponent"),
    (["--amount", "1,000"], "without thousands separators"),
    (["--amount", "-5"], "cannot be negative"),
    (["--amount", "0"], "--amount must be greater than zero"),
    (["--amount", "10", "--at", "2026-02-30T10:00"], "that date does not exist"),
    (["--amount", "10", "--at", "10am"], "or a time such as 2026-11-22T09:30"),
    (
      ["--amount", "10", "--currency", "RMB"],
      "The value 'RMB' is invalid for '--currency <code>': unknown currency"
    ),
    (["--amount", "10", "--method", "cash"], "'--method <method>': unknown payment method"),
    (["--amount", "10", "--status", "done"], "'--status <status>': unknown transaction status"),
    (["--amount", "10", "--mcc", "541"], "a merchant category code is exactly four digits"),
  ])
  func malformedValuesAreUsageErrors(extra: [String], message: String) throws {
    let session = try StoreSession()
    let result = try session.run(["txn", "add", "--id", "T1", "--card", "C1"] + extra)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(message))
    #expect(
      result.stderr.contains("Usage: wallet txn add --id <id> --card <card> --amount <amount>"))
    #expect(!session.folder.exists("store"))
  }

  @Test func unknownCardOrEnrollmentIsADataError() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let card = try session.run(["txn", "add", "--id", "T1", "--card", "C9", "--amount", "10"])
    #expect(card.status == 65)
    #expect(
      card.stderr == "Error: no card 'C9' in the store; the nearest id the store knows is 'C1'\n")
    let enrollment = try session.run([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "10", "--enrollment", "E9",
    ])
    #expect(enrollment.status == 65)
    #expect(
      enrollment.stderr
        == "Error: no enrollment 'E9' in the store; the nearest id the store knows is 'E1'\n")
  }

  @Test func refundsAccumulateUpToTheAmount() throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at", "2026-03-01T10:00",
    ])
    let first = try session.run([
      "txn", "refund", "T1", "--amount", "30", "--at", "2026-03-02T10:00",
    ])
    #expect(first.status == 0)
    #expect(first.stdout.isEmpty)
    #expect(
      first.stderr.lines == [
        "Refunded ¥30.00 of transaction T1; ¥30.00 of ¥150.00 refunded in all.",
        "  bocom-applepay-monthly: rewarded ¥10.00 (the holder's reward 1, bank-app)",
      ])
    let second = try session.run(["txn", "refund", "T1", "--amount", "20.01"])
    #expect(second.status == 0)
    #expect(
      second.stderr.lines == [
        "Refunded ¥20.01 of transaction T1; ¥50.01 of ¥150.00 refunded in all.",
        "  bocom-applepay-monthly: not rewarded (below-minimum)",
      ])
    let over = try session.run(["txn", "refund", "T1", "--amount", "100"])
    #expect(over.status == 65)
    #expect(
      over.stderr
        == "Error: transaction 'T1' would have ¥150.01 refunded, more than its amount ¥150.00\n")
    let rest = try session.run(["txn", "refund", "T1", "--amount", "99.99"])
    #expect(rest.status == 0)
    #expect(rest.stderr.contains("not rewarded (refunded)"))
    #expect(
      try session.succeed(["txn", "list", "--format", "csv"]).stdout.contains(
        "T1,C1,2026-03-01T10:00:00+08:00,150.00,CNY,apple-pay,settled,150.00,"))
  }

  @Test func refundErrors() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let unknown = try session.run(["txn", "refund", "T9", "--amount", "1"])
    #expect(unknown.status == 65)
    #expect(unknown.stderr == "Error: no transaction 'T9' in the store\n")
    for amount in ["0", "1e3", "0.001"] {
      let malformed = try session.run(["txn", "refund", "T9", "--amount", amount])
      #expect(malformed.status == 64, "\(amount)")
    }
  }

  @Test func listFiltersByHolderCardDaysAndCycle() throws {
    let session = try StoreSession()
    try session.importSample()
    func ids(_ filter: [String]) throws -> [String] {
      let result = try session.succeed(["txn", "list", "--format", "csv"] + filter)
      return result.stdout.lines.dropFirst().map { String($0.prefix(while: { $0 != "," })) }
    }
    #expect(try ids(["--holder", "H004"]) == ["T4001", "T4002", "T4003"])
    #expect(try ids(["--card", "C-ZW-BOCOM"]) == ["T3005", "T3003", "T3004", "T3006"])
    // Days are inclusive in the store's zone: 23:59:59 on the 21st and 00:00 on the 22nd.
    #expect(try ids(["--from", "2026-06-21", "--to", "2026-06-22"]) == ["T1003", "T1004"])
    // The cycle of 2026-06-01 under the 22nd-to-21st cycles.
    #expect(
      try ids(["--cycle", "2026-06-01"]) == ["T1001", "T1002", "T2001", "T4001", "T1003"])
    #expect(
      try ids(["--cycle", "2026-06-01", "--holder", "H001", "--from", "2026-06-01"]) == [
        "T1002", "T1003",
      ])
    // Same instant: by id.
    #expect(try ids(["--from", "2026-11-25", "--to", "2026-11-25"]) == ["T4002", "T4003"])
    // A holder the store has never seen is an error, not an empty list (issue 18).
    #expect(try session.run(["txn", "list", "--holder", "H999"]).status == 65)
  }

  @Test func listTableAlignsChineseMerchantNames() throws {
    let session = try StoreSession()
    try session.importSample()
    let table = try session.succeed(["txn", "list", "--from", "2026-06-21", "--to", "2026-06-22"])
    #expect(
      table.stdout.lines == [
        "id     card         time                        amount  currency  method     status   refunded  enrollment  merchant                 mcc",
        "T1003  C-WF-CREDIT  2026-06-21T23:59:59+08:00  ¥120.00  CNY       apple-pay  settled     ¥0.00              全家 FamilyMart, 静安店  5499",
        "T1004  C-WF-CREDIT  2026-06-22T00:00:00+08:00  ¥100.00  CNY       apple-pay  settled     ¥0.00              滴滴出行                 4121",
      ])
  }

  @Test(arguments: [
    (["--from", "2026-6-1"], "'--from <date>'"),
    (["--to", "2026-02-30"], "that date does not exist"),
    (
      ["--from", "2026-03-02", "--to", "2026-03-01"], "--to 2026-03-01 is before --from 2026-03-02"
    ),
    (["--promotion", "bocom-applepay-monthly"], "give --cycle"),
  ])
  func listUsageErrors(extra: [String], message: String) throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let result = try session.run(["txn", "list"] + extra)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message))
  }
}
