import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet enrollment add|list|remove` and the `enroll` alias.
struct EnrollmentCommandTests {
  func cardOnly() throws -> StoreSession {
    let session = try StoreSession()
    try session.succeed(["init"])
    try session.succeed([
      "card", "add", "C1", "--holder", "H1", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom",
    ])
    return session
  }

  @Test func missingIDIsMadeFromTheTimeAsWalletWritesIt() throws {
    let session = try cardOnly()
    let added = try session.run([
      "enrollment", "add", "C1", "--channel", "Wallet", "--at", "2026-01-01 08:00",
    ])
    #expect(added.status == 0)
    #expect(added.stdout.isEmpty)
    #expect(
      added.stderr
        == "Enrolled card C1 in wallet at 2026-01-01T08:00:00+08:00 "
        + "(enrollment C1:wallet:2026-01-01T08:00:00+08:00).\n")
    // Without --at, now as wallet prints it: the id and the time agree to the second.
    let now = try session.run(
      ["enroll", "C1", "--channel", "bank-app"],
      environment: ["WALLET_NOW": "2026-02-03T04:05:06.789+08:00"])
    #expect(now.status == 0)
    #expect(now.stderr.contains("(enrollment C1:bank-app:2026-02-03T04:05:06+08:00)"))

    let listed = try session.succeed(["enrollment", "list", "--format", "csv", "--card", "C1"])
    #expect(
      listed.stdout == "id,card,channel,enrolled_at,removed_at\r\n"
        + "C1:wallet:2026-01-01T08:00:00+08:00,C1,wallet,2026-01-01T08:00:00+08:00,\r\n"
        + "C1:bank-app:2026-02-03T04:05:06+08:00,C1,bank-app,2026-02-03T04:05:06+08:00,\r\n")
  }

  @Test func theSameEnrollmentTwiceChangesNothing() throws {
    let session = try cardOnly()
    let arguments = [
      "enroll", "C1", "--channel", "wallet", "--at", "2026-01-01T08:00:00Z", "--id", "E1",
    ]
    try session.succeed(arguments)
    let again = try session.run(arguments)
    #expect(again.status == 0)
    #expect(again.stderr == "Enrollment E1 is already in the store; nothing changed.\n")
    let moved = try session.run([
      "enroll", "C1", "--channel", "bank-app", "--at", "2026-01-01T08:00:00Z", "--id", "E1",
    ])
    #expect(moved.status == 65)
    #expect(
      moved.stderr.contains(
        "enrollment 'E1' is already in the store with other details (channel is wallet there, "
          + "bank-app here)"))
    #expect(
      try session.succeed(["enrollment", "list", "--format", "json"]).stdout.contains(
        "\"channel\": \"wallet\""))
  }

  @Test func anUnknownCardIsADataError() throws {
    let session = try cardOnly()
    let result = try session.run(["enroll", "C9", "--channel", "wallet"])
    #expect(result.status == 65)
    #expect(
      result.stderr == "Error: no card 'C9' in the store; the nearest id the store knows is 'C1'\n")
  }

  @Test(arguments: [
    (
      ["--channel", "nfc"], "The value 'nfc' is invalid for '--channel <channel>': unknown channel"
    ),
    (["--channel", "wallet", "--at", "2026-13-01T00:00"], "'--at <time>'"),
    (
      ["--channel", "wallet", "--at", "yesterday"], "expected a date such as 2026-11-22 (its start)"
    ),
  ])
  func malformedValuesAreUsageErrors(extra: [String], message: String) throws {
    let session = try StoreSession()
    let result = try session.run(["enrollment", "add", "C1"] + extra)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message))
    #expect(!session.folder.exists("store"))
  }

  @Test func removalChangesTheDecisionOfALaterTransaction() throws {
    let session = try cardOnly()
    try session.succeed([
      "enroll", "C1", "--channel", "bank-app", "--at", "2026-01-01T00:00:00+08:00", "--id", "E1",
    ])
    let purchase = try session.run([
      "txn", "add", "--id", "T1", "--card", "C1", "--amount", "150", "--at",
      "2026-03-01T10:00:00+08:00",
    ])
    #expect(
      purchase.stderr.contains(
        "bocom-applepay-monthly: rewarded ¥10.00 (the holder's reward 1, bank-app)"))
    #expect(try session.succeed(["statement", "--format", "csv"]).stdout.contains(",T1,"))

    let removed = try session.run([
      "enrollment", "remove", "E1", "--at", "2026-02-01T00:00:00+08:00",
    ])
    #expect(removed.status == 0)
    #expect(removed.stdout.isEmpty)
    #expect(removed.stderr == "Enrollment E1 of card C1 removed at 2026-02-01T00:00:00+08:00.\n")
    #expect(!(try session.succeed(["statement", "--format", "csv"]).stdout.contains(",T1,")))
    let listed = try session.succeed(["enrollment", "list", "--format", "csv"])
    #expect(
      listed.stdout.contains("E1,C1,bank-app,2026-01-01T00:00:00+08:00,2026-02-01T00:00:00+08:00"))
  }

  @Test func removalDefaultsToNowAndHappensOnce() throws {
    let session = try cardOnly()
    try session.succeed([
      "enroll", "C1", "--channel", "wallet", "--at", "2026-01-01T00:00:00+08:00", "--id", "E1",
    ])
    let removed = try session.run(["enrollment", "remove", "E1"])
    #expect(removed.stderr.contains("removed at \(StoreSession.now)"))
    let again = try session.run(["enrollment", "remove", "E1"])
    #expect(again.status == 65)
    #expect(again.stderr == "Error: enrollment 'E1' was already removed\n")
  }

  @Test func removalBeforeTheEnrollmentIsRefused() throws {
    let session = try cardOnly()
    try session.succeed([
      "enroll", "C1", "--channel", "wallet", "--at", "2026-01-01T00:00:00+08:00", "--id", "E1",
    ])
    let result = try session.run([
      "enrollment", "remove", "E1", "--at", "2025-12-31T23:59:59+08:00",
    ])
    #expect(result.status == 65)
    #expect(result.stderr.contains("cannot be removed at or before the time it was enrolled"))
    let unknown = try session.run(["enrollment", "remove", "E9"])
    #expect(unknown.status == 65)
    #expect(
      unknown.stderr
        == "Error: no enrollment 'E9' in the store; the nearest id the store knows is 'E1'\n")
  }
}
