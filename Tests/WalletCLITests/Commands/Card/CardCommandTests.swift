import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet card add|list|remove`.
struct CardCommandTests {
  static let add = [
    "card", "add", "C1", "--holder", "H1", "--network", "银联", "--type", "Credit", "--issuer",
    "bocom", "--last4", "1234",
  ]

  @Test func addThenListInEveryFormat() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let added = try session.run(Self.add)
    #expect(added.status == 0)
    #expect(added.stdout.isEmpty)
    #expect(added.stderr == "Added card C1 (holder H1).\n")
    try session.succeed([
      "card", "add", "C2", "--holder", "H1", "--network", "visa", "--type", "debit", "--role",
      "supplementary",
    ])

    let table = try session.succeed(["card", "list"])
    #expect(
      table.stdout == """
        card  holder  network   type    role           issuer  last4
        C1    H1      unionpay  credit  primary        bocom   1234
        C2    H1      visa      debit   supplementary

        """)
    let csv = try session.succeed(["card", "list", "--format", "csv"])
    #expect(
      csv.stdout == "card,holder,network,type,role,issuer,last4\r\n"
        + "C1,H1,unionpay,credit,primary,bocom,1234\r\nC2,H1,visa,debit,supplementary,,\r\n")
    let json = try session.succeed(["card", "list", "--format", "json", "--holder", "H1"])
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(objects.count == 2)
    #expect(objects[0]["network"] as? String == "unionpay")
    #expect(objects[1]["issuer"] is NSNull)
    #expect(json.stdout.hasPrefix("[\n  {\n    \"card\": \"C1\",\n    \"holder\": \"H1\","))
  }

  @Test func listOfAnUnknownHolderIsAnError() throws {
    let session = try StoreSession()
    try session.succeed(["init"])
    let empty = try session.run(["card", "list"])
    #expect(empty.status == 0)
    #expect(empty.stderr == "No cards.\n")
    try session.succeed(Self.add)
    for format in ["table", "json", "csv"] {
      let result = try session.run(["card", "list", "--holder", "H2", "--format", format])
      #expect(result.status == 65)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr
          == "Error: no holder 'H2' in the store; the nearest id the store knows is 'H1'\n")
    }
  }

  @Test func addingTheSameCardAgainChangesNothingButOtherDetailsNeedReplace() throws {
    let session = try StoreSession()
    try session.succeed(Self.add)
    let again = try session.run(Self.add)
    #expect(again.status == 0)
    #expect(again.stderr == "Card C1 is already in the store; nothing changed.\n")

    var other = Self.add
    other[other.firstIndex(of: "Credit")!] = "debit"
    let conflict = try session.run(other)
    #expect(conflict.status == 65)
    #expect(
      conflict.stderr
        == "Error: card 'C1' is already in the store with other details (type is credit there, "
        + "debit here); use --replace to overwrite\n")
    let replaced = try session.run(other + ["--replace"])
    #expect(replaced.status == 0)
    // A debit card earns nothing under the built-in promotion, which is said.
    #expect(
      replaced.stderr
        == "Replaced card C1 (holder H1).\nWarning: no installed promotion can ever reward card "
        + "C1: It is a debit card; only credit cards count.\n")
    #expect(
      try session.succeed(["card", "list", "--format", "csv"]).stdout.contains(
        "C1,H1,unionpay,debit"))
  }

  @Test(arguments: [
    (
      ["--network", "bogus"],
      "The value 'bogus' is invalid for '--network <network>': unknown network"
    ),
    (["--type", "charge"], "The value 'charge' is invalid for '--type <type>': unknown card type"),
    (["--role", "joint"], "The value 'joint' is invalid for '--role <role>': unknown card role"),
    (["--last4", "12a4"], "--last4 must be exactly four digits"),
    (["--last4", "12345"], "--last4 must be exactly four digits"),
    (["--holder", "  "], "--holder is empty"),
  ])
  func malformedValuesAreUsageErrors(change: [String], message: String) throws {
    let session = try StoreSession()
    var options = ["--holder": "H1", "--network": "visa", "--type": "credit"]
    options[change[0]] = change[1]
    let arguments =
      ["card", "add", "C1"] + options.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
    let result = try session.run(arguments)
    #expect(result.status == 64)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.contains(message))
    #expect(result.stderr.contains("Usage: wallet card add <card> --holder <holder>"))
    #expect(!session.folder.exists("store"))
  }

  @Test func removingACardWithTransactionsNeedsForce() throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at",
      "2026-02-01T10:00:00+08:00",
    ])
    try session.succeed([
      "txn", "add", "--id", "T2", "--card", "C1", "--amount", "20", "--at",
      "2026-02-02T10:00:00+08:00",
    ])

    let refused = try session.run(["card", "remove", "C1"])
    #expect(refused.status == 65)
    #expect(
      refused.stderr
        == "Error: card 'C1' has 2 transactions; use --force to remove it with its "
        + "transactions and enrollments\n")
    #expect(try session.succeed(["card", "list", "--format", "csv"]).stdout.contains("C1,H1"))

    let forced = try session.run(["card", "remove", "C1", "--force"])
    #expect(forced.status == 0)
    #expect(forced.stdout.isEmpty)
    #expect(forced.stderr == "Removed card C1 (holder H1) with 2 transactions and 1 enrollment.\n")
    #expect(try session.run(["card", "list"]).stderr == "No cards.\n")
    #expect(try session.run(["txn", "list"]).stderr == "No transactions.\n")
    #expect(try session.run(["enrollment", "list"]).stderr == "No enrollments.\n")
    #expect(try session.succeed(["statement", "--format", "csv"]).stdout.lines.count == 1)
  }

  /// The card's postings go with it, and the message counts them: nothing is dropped silently.
  @Test func removingACardCountsThePostingsRemovedWithIt() throws {
    let session = try StoreSession()
    try session.smallWallet()
    try session.succeed([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at",
      "2026-02-01T10:00:00+08:00",
    ])
    for (id, kind) in [("P1", "credit"), ("P2", "clawback")] {
      try session.succeed([
        "posting", "add", "--card", "C1", "--date", "2026-03-10", "--kind", kind, "--amount",
        "10", "--id", id,
      ])
    }
    let forced = try session.run(["card", "remove", "C1", "--force"])
    #expect(forced.status == 0)
    #expect(
      forced.stderr
        == "Removed card C1 (holder H1) with 1 transaction, 1 enrollment and 2 postings.\n")
    #expect(try session.succeed(["posting", "list"]).stderr == "No postings.\n")
  }

  @Test func removingACardWithoutTransactionsTakesItsEnrollments() throws {
    let session = try StoreSession()
    try session.smallWallet()
    let removed = try session.run(["card", "remove", "C1"])
    #expect(removed.status == 0)
    #expect(removed.stderr == "Removed card C1 (holder H1) with 0 transactions and 1 enrollment.\n")
    let unknown = try session.run(["card", "remove", "C1"])
    #expect(unknown.status == 65)
    #expect(unknown.stderr == "Error: no card 'C1' in the store\n")
  }
}
