import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// `wallet pay REQUEST.json`, `wallet txn settle` and `wallet txn void`, run as a user runs them.
struct PayCommandTests {
  /// A request file of data/requests.
  static func request(_ name: String) -> String {
    WalletProcess.packageRoot.appendingPathComponent("data/requests/\(name).json").path
  }

  static let unionPay = request("unionpay-emv-cny")
  static let visaMastercard = request("visa-mastercard-3ds")
  static let pendingTip = request("pending-tip")

  static func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func theSheetOffersBoundCardsOnSupportedNetworksAndWritesNothing() throws {
    let session = try StoreSession()
    try session.importSample()
    let before = try session.storeBytes()
    let result = try session.run(["pay", Self.unionPay, "--holder", "H003"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.lines
    #expect(lines.contains { $0.hasPrefix("C-ZW-BOCOM (default)  unionpay  credit  E-ZW-BOCOM") })
    #expect(lines.contains { $0.hasPrefix("C-ZW-DEBIT            unionpay  debit") })
    #expect(
      lines.contains(
        "  C-ZW-CMB:  left out (network): its network, mastercard, is not among the request's "
          + "supported networks (unionpay)."))
    #expect(result.stdout.contains("Nothing was recorded: add --authorize to pay."))
    #expect(try session.storeBytes() == before)
  }

  @Test func jsonForScripts() throws {
    let session = try StoreSession()
    try session.importSample()
    let result = try session.run([
      "pay", Self.visaMastercard, "--holder", "H003", "--format", "json",
    ])
    #expect(result.status == 0)
    let report = try Self.object(result.stdout)
    #expect(report["canMakePayments"] as? Bool == true)
    #expect(report["defaultCard"] as? String == "C-ZW-CMB")
    #expect(report["at"] as? String == StoreSession.now)
    let request = try #require(report["request"] as? [String: Any])
    #expect(request["currencyCode"] as? String == "USD")
    #expect(request["supportedNetworks"] as? [String] == ["visa", "mastercard"])
    #expect(request["total"] as? String == "29.50")
    let leftOut = try #require(report["leftOut"] as? [[String: Any]])
    let reasons = Dictionary(
      uniqueKeysWithValues: leftOut.map {
        ($0["card"] as? String ?? "", $0["reasons"] as? [String])
      })
    #expect(reasons["C-ZW-BOCOM"] == ["network", "capability"])
    #expect(reasons["C-ZW-DEBIT"] == ["network", "type", "capability"])
    let offered = try #require(report["offered"] as? [[String: Any]])
    #expect(offered.map { $0["card"] as? String } == ["C-ZW-CMB"])
    let promotions = try #require(offered.first?["promotions"] as? [[String: Any]])
    // 29.50 USD on a cmb card: the built-in promotion wants a bocom card first.
    #expect(promotions.first?["reason"] as? String == "other-issuer")
    #expect(report["authorization"] is NSNull)
  }

  @Test func noCardCanPayExitsOne() throws {
    let session = try StoreSession()
    try session.importSample()
    let before = try session.storeBytes()
    let result = try session.run([
      "pay", Self.visaMastercard, "--card", "C-ZW-BOCOM", "--authorize",
    ])
    #expect(result.status == 1)
    #expect(result.stdout.contains("No card can pay at 2026-12-01T12:00:00+08:00"))
    #expect(result.stderr.contains("Nothing was recorded: no card can pay."))
    #expect(try session.storeBytes() == before)
  }

  @Test(
    arguments: [
      ("success", "pending", true), ("failure", "declined", true),
      ("pin-required", nil, false), ("pin-incorrect", nil, false), ("pin-lockout", nil, false),
    ] as [(String, String?, Bool)])
  func everyAuthorizationResult(result: String, status: String?, records: Bool) throws {
    let session = try StoreSession()
    try session.importSample()
    let before = try session.succeed(["txn", "list", "--format", "csv"]).stdout.lines
    let paid = try session.run([
      "pay", Self.pendingTip, "--holder", "H003", "--authorize", "--result", result, "--id",
      "AP1", "--format", "json",
    ])
    #expect(paid.status == 0, "\(paid.stderr)")
    let authorization = try #require(
      try Self.object(paid.stdout)["authorization"] as? [String: Any])
    #expect(authorization["result"] as? String == result)
    #expect(authorization["recorded"] as? Bool == records)
    #expect(authorization["sheetStaysOpen"] as? Bool == !records)
    let after = try session.succeed(["txn", "list", "--format", "csv"]).stdout.lines
    if let status {
      #expect(after.count == before.count + 1)
      #expect(
        after.contains(
          "AP1,C-ZW-BOCOM,2026-12-01T12:00:00+08:00,150.00,CNY,apple-pay,\(status),0.00,"
            + "E-ZW-BOCOM,城市出租车,4121"))
    } else {
      #expect(after == before)
      let text = try session.run([
        "pay", Self.pendingTip, "--holder", "H003", "--authorize", "--result", result,
      ])
      #expect(text.stdout.contains("the sheet stays open. Nothing was recorded."))
    }
  }

  @Test func authorizingPrintsTheDecisionAndAgainChangesNothing() throws {
    let session = try StoreSession()
    try session.importSample()
    let arguments = ["pay", Self.unionPay, "--holder", "H003", "--authorize", "--id", "AP1"]
    let paid = try session.succeed(arguments)
    #expect(
      paid.stdout.contains(
        "Authorization: success; recorded transaction AP1: ¥126.00 at 盒马鲜生 on card "
          + "C-ZW-BOCOM through E-ZW-BOCOM, pending."))
    #expect(
      paid.stdout.contains(
        "  bocom-applepay-monthly: rewarded ¥15.00 (the holder's reward 3, wallet)"))
    let explained = try session.succeed(["explain", "AP1"])
    #expect(explained.stdout.contains("¥15.00"))
    let again = try session.succeed(arguments)
    #expect(again.stdout.contains("was already recorded; nothing changed"))
    let other = try session.run([
      "pay", Self.pendingTip, "--holder", "H003", "--authorize", "--id", "AP1",
    ])
    #expect(other.status == 65)
    #expect(other.stderr.contains("give this payment another id with --id"))
  }

  /// A payment after now is usually a mistyped time: with --authorize it is refused unless
  /// --future says it is meant, as `txn add` does; the sheet alone may be asked about any time.
  @Test func aPaymentAfterNowIsRecordedOnlyWithFuture() throws {
    let session = try StoreSession()
    try session.importSample()
    let later = ["pay", Self.unionPay, "--holder", "H003", "--at", "2027-01-05T10:00"]
    try session.succeed(later)
    let refused = try session.run(later + ["--authorize", "--id", "F1"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("is after now"), "\(refused.stderr)")
    #expect(refused.stderr.contains("--future"))
    #expect(try session.run(["explain", "F1"]).status == 65, "nothing was recorded")
    let meant = try session.succeed(later + ["--authorize", "--id", "F1", "--future"])
    #expect(meant.stdout.contains("recorded transaction F1"))
    let misplaced = try session.run(later + ["--future"])
    #expect(misplaced.status == 64)
  }

  @Test func aBrokenRequestNamesTheFileFieldAndPlace() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.write(
      "bad.json",
      """
      {
        "merchantIdentifier": "merchant.x",
        "merchantName": "X",
        "countryCode": "CN",
        "currencyCode": "JPY",
        "supportedNetworks": ["visa"],
        "merchantCapabilities": ["threeDSecure"],
        "paymentSummaryItems": [{"label": "X", "amount": "10.50"}]
      }
      """)
    let result = try session.run(["pay", "bad.json", "--holder", "H003"])
    #expect(result.status == 65)
    #expect(
      result.stderr
        == "Error: bad.json:8:52: field 'paymentSummaryItems[0].amount': '10.50' has 2 decimal "
        + "places; JPY has 0\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func aTotalThatIsNotTheSumIsAWarning() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.write(
      "sum.json",
      """
      {"merchantIdentifier": "m", "merchantName": "M", "countryCode": "CN", "currencyCode": "CNY",
       "supportedNetworks": ["unionpay"], "merchantCapabilities": ["emv"],
       "paymentSummaryItems": [{"label": "a", "amount": "100"}, {"label": "M", "amount": "120"}]}
      """)
    let result = try session.run(["pay", "sum.json", "--holder", "H003"])
    #expect(result.status == 0)
    #expect(
      result.stderr.hasPrefix(
        "Warning: sum.json:3:84: field 'paymentSummaryItems[1].amount': the total 120.00 "
          + "differs from the sum of the other final items, 100.00"))
  }

  @Test(arguments: [
    ([] as [String], "give --holder or --card"),
    (["--holder", "H003", "--card", "C-ZW-CMB"], "not both"),
    (["--holder", "H003", "--result", "failure"], "--result goes with --authorize"),
    (["--holder", "H003", "--id", "X"], "--id goes with --authorize"),
    (["--holder", "H003", "--authorize", "--dry-run"], "give --authorize or --dry-run"),
    (["--holder", "H003", "--authorize", "--result", "maybe"], "unknown authorization result"),
  ])
  func usageErrors(extra: [String], message: String) throws {
    let session = try StoreSession()
    let result = try session.run(["pay", Self.unionPay] + extra)
    #expect(result.status == 64)
    #expect(result.stderr.contains(message), "\(result.stderr)")
    #expect(result.stderr.contains("Usage: wallet pay"))
  }

  @Test func voidBeforeSettlementAndRefundAfter() throws {
    let session = try StoreSession()
    try session.importSample()
    try session.succeed(["pay", Self.pendingTip, "--holder", "H003", "--authorize", "--id", "A"])
    let voided = try session.succeed(["txn", "void", "A"])
    #expect(
      voided.stderr.lines == [
        "Voided transaction A: ¥150.00 on card C-ZW-BOCOM, now reversed.",
        "  bocom-applepay-monthly: not rewarded (voided)",
      ])
    let twice = try session.run(["txn", "void", "A"])
    #expect(twice.status == 65)
    #expect(twice.stderr == "Error: transaction 'A' is already voided (reversed)\n")

    try session.succeed(["pay", Self.pendingTip, "--holder", "H003", "--authorize", "--id", "B"])
    let settled = try session.succeed(["txn", "settle", "B"])
    #expect(settled.stderr.lines.first == "Settled transaction B: ¥150.00 on card C-ZW-BOCOM.")
    let late = try session.run(["txn", "void", "B"])
    #expect(late.status == 65)
    #expect(
      late.stderr
        == "Error: transaction 'B' is settled and can no longer be voided (撤销); refund it "
        + "instead (退款): wallet txn refund 'B' --amount 150.00\n")
    try session.succeed(["txn", "refund", "B", "--amount", "150.00"])
    let unknown = try session.run(["txn", "settle", "nope"])
    #expect(unknown.status == 65)
  }

  /// What the store decides for the purchase `pay` records, and after it is voided, settled and
  /// refunded, equals what `batch` decides from the same data.
  @Test func theRecordedPurchaseIsDecidedAsBatchDecidesIt() throws {
    let session = try StoreSession()
    let files = StoreEqualsBatchTests.randomFiles(seed: 19)
    try session.write("cards.csv", files.cards)
    try session.write("enrollments.csv", files.enrollments)
    try session.write("transactions.csv", files.transactions)
    try session.succeed(["init"])
    for kind in ["cards", "enrollments", "transactions"] {
      try session.succeed(["import", kind, "\(kind).csv", "--quiet"])
    }
    // A card of H0 bound all year, so that the sheet always has one to offer.
    try session.succeed([
      "card", "add", "PC", "--holder", "H0", "--network", "unionpay", "--type", "credit",
      "--issuer", "bocom",
    ])
    try session.succeed([
      "enrollment", "add", "PC", "--channel", "wallet", "--at", "2026-01-01T00:00:00+08:00",
    ])
    try session.succeed([
      "card", "add", "PD", "--holder", "H1", "--network", "visa", "--type", "credit",
      "--issuer", "bocom",
    ])
    try session.succeed([
      "enrollment", "add", "PD", "--channel", "bank-app", "--at", "2026-01-01T00:00:00+08:00",
    ])
    let promotions: [(id: String, file: String?)] = [("bocom-applepay-monthly", nil)]
    let check = StoreEqualsBatchTests()
    var step = 0
    for (holder, id, time) in [
      ("H0", "P1", "2026-03-06T10:00:00+08:00"), ("H1", "P2", "2026-04-16T10:00:00+08:00"),
      ("H0", "P3", "2026-03-07T10:00:00+08:00"),
    ] {
      step += 1
      let paid = try session.run([
        "pay", Self.pendingTip, "--holder", holder, "--at", time, "--authorize", "--id", id,
        "--format", "json",
      ])
      #expect(paid.status == 0, "\(paid.stderr)")
      try check.expectStoreEqualsBatch(session, promotions: promotions, step: "pay \(id)")
      // The decision `pay` printed is the one batch makes.
      let authorization = try #require(
        try Self.object(paid.stdout)["authorization"] as? [String: Any])
      let decision = try #require((authorization["decisions"] as? [[String: Any]])?.first)
      let row = try #require(
        session.folder.read("batch-decisions.csv")?.lines.first { $0.hasPrefix("\(id),") })
      let fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      #expect(fields[4] == decision["outcome"] as? String)
      #expect(fields[5] == (decision["reason"] as? String ?? ""))
      #expect(fields[7] == ((decision["reward"] as? [String: Any])?["amount"] as? String ?? ""))
    }
    try session.succeed(["txn", "void", "P1"])
    try check.expectStoreEqualsBatch(session, promotions: promotions, step: "void")
    try session.succeed(["txn", "settle", "P2"])
    try session.succeed(["txn", "refund", "P2", "--amount", "100"])
    try check.expectStoreEqualsBatch(session, promotions: promotions, step: "settle, refund")
    #expect(step == 3)
  }

  /// `wallet(1)`'s EXAMPLES show real output for paying: its example request is the shipped
  /// file, and each `wallet pay` shown prints exactly what is shown, on the sample store.
  @Test func theManualShowsWhatPayPrints() throws {
    let blocks = try DocumentedExamples.manualExamples(page: "wallet.1")
    let shipped = try String(contentsOfFile: Self.pendingTip, encoding: .utf8)
    #expect(blocks.contains { $0.map { $0 + "\n" }.joined() == shipped })
    let examples = blocks.filter { $0.first?.hasPrefix("$ wallet pay ") == true }
    #expect(examples.count == 2)
    let session = try StoreSession()
    try session.importSample()
    for example in examples {
      let arguments = try #require(example.first).dropFirst("$ wallet ".count)
        .split(separator: " ").map { word in
          // The request files are the package's; the session runs in a folder of its own.
          word.hasPrefix("data/")
            ? WalletProcess.packageRoot.appendingPathComponent(String(word)).path
            : String(word)
        }
      let result = try session.run(arguments)
      #expect(result.stdout == example.dropFirst().map { $0 + "\n" }.joined(), "\(arguments)")
    }
  }

  /// Control characters in the request's names reach a person escaped, and JSON as JSON
  /// escapes them; a card number in a name is refused and never echoed.
  @Test func hostileNamesAreEscapedAndCardNumbersRefused() throws {
    let session = try StoreSession()
    try session.importSample()
    let request = try String(contentsOfFile: Self.unionPay, encoding: .utf8)
    try session.write(
      "hostile.json",
      request.replacingOccurrences(of: "\"盒马鲜生\"", with: "\"盒马\\u001B[2J鲜生\""))
    for format in ["table", "json"] {
      let result = try session.run([
        "pay", "hostile.json", "--holder", "H003", "--format", format, "--authorize", "--id",
        "H-\(format)",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(!result.stdout.unicodeScalars.contains("\u{1B}"), "\(format)")
      #expect(result.stdout.contains(format == "json" ? "\\u001b[2J" : "\\u{1B}[2J"), "\(format)")
    }
    try session.write(
      "number.json",
      request.replacingOccurrences(
        of: "\"优惠券\"", with: "\"card \(StoreSession.cardNumber)\""))
    let refused = try session.run(["pay", "number.json", "--holder", "H003"])
    #expect(refused.status == 65)
    #expect(refused.stderr.contains("holds a full card number (ending 0001)"))
    #expect(!refused.stderr.contains(StoreSession.cardNumber))
  }
}
