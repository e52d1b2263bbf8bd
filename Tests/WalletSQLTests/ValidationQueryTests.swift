import Foundation
import Testing
import WalletCore
import WalletSQL
import WalletTestSupport

/// The validation query finds the rows batch refuses, and none in input batch accepts.
struct ValidationQueryTests {
  /// One bad value put into an otherwise good scenario: the table, the row, the column and
  /// the value.
  struct BadValue: CustomTestStringConvertible, Sendable {
    let file: String
    let column: String
    let value: String
    var testDescription: String { "\(file).\(column) = '\(value)'" }
  }

  static let badValues: [BadValue] = [
    ("transactions", "time", "2026-13-01T00:00Z"), ("transactions", "time", "2026-02-29T10:00"),
    ("transactions", "time", "2026-01-01 10:00:00+19:00"), ("transactions", "time", "yesterday"),
    ("transactions", "time", "2026-03-08T02:30:00"), ("transactions", "time", "2026-01-01T24:00"),
    ("transactions", "time", "2026-01-01T10:00:00.1234567890Z"),
    ("transactions", "amount", "-5"), ("transactions", "amount", "1e3"),
    ("transactions", "amount", "1,000"), ("transactions", "amount", "10.123"),
    ("transactions", "amount", "0"), ("transactions", "amount", ""),
    ("transactions", "refunded", "99999"), ("transactions", "currency", "US"),
    ("transactions", "method", "cash"), ("transactions", "status", "done"),
    ("transactions", "enrollment", "nope"), ("transactions", "mcc", "541"),
    ("transactions", "card", "nope"), ("transactions", "id", "DUPLICATE"),
    ("cards", "network", "diners"), ("cards", "type", "gold"), ("cards", "role", "main"),
    ("cards", "last4", "12a4"), ("cards", "card", "C1"),
    ("enrollments", "channel", "app"), ("enrollments", "enrolled_at", "bad"),
    ("enrollments", "removed_at", "2020-01-01T00:00Z"), ("enrollments", "card", "nope"),
    ("enrollments", "id", "E1"),
  ].map { BadValue(file: $0.0, column: $0.1, value: $0.2) }

  static func scenario(with bad: BadValue?) -> SQLScenario {
    var scenario = SQLScenario(
      seed: 5, transactions: 40, zone: "America/New_York", refunds: .net)
    guard let bad else { return scenario }
    func put(_ table: inout CSVTable) {
      let column = table.columns.firstIndex(of: bad.column)!
      // Row 3 of every file: transaction and enrollment ids that repeat repeat row 2's.
      table.rows[3][column] = bad.value == "DUPLICATE" ? table.rows[2][column] : bad.value
      if bad.column == "id" && bad.file == "enrollments" { table.rows[2][column] = bad.value }
    }
    switch bad.file {
    case "cards": put(&scenario.cards)
    case "enrollments": put(&scenario.enrollments)
    default: put(&scenario.transactions)
    }
    return scenario
  }

  @Test(arguments: badValues)
  func aRefusedRowIsFound(bad: BadValue) async throws {
    let scenario = Self.scenario(with: bad)
    let files = try ScenarioFiles(scenario)
    #expect(throws: (any Error).self) { try Batch.outputs(files, promotion: scenario.promotion) }
    let rows = try SQLiteEngine.validation(scenario, promotion: scenario.promotion)
    #expect(rows.contains { $0[0] == bad.file && $0[2] == bad.column }, "\(rows)")
    // DuckDB checks one bad value in six, from each of the three files; every one under
    // `WALLET_TEST_FULL=1`.
    let index = Self.badValues.firstIndex {
      ($0.file, $0.column, $0.value) == (bad.file, bad.column, bad.value)
    }
    let checksDuckDB = TestSize.isFull || (index ?? 0) % 6 == 0
    if checksDuckDB && (DuckDBEngine.python != nil || DuckDBEngine.required) {
      let duck = try await DuckDBEngine.rows(
        ValidationQuery(PromotionQuery(promotion: scenario.promotion, dialect: .duckdb)).text,
        files: files, name: "validation")
      #expect(duck == rows)
    }
  }

  @Test(arguments: SQLEquivalenceTests.cases.prefix(12))
  func acceptedInputHasNoProblems(seed: UInt64, zone: String, refunds: RefundPolicy) throws {
    let scenario = SQLScenario(seed: seed, transactions: 100, zone: zone, refunds: refunds)
    #expect(try SQLiteEngine.validation(scenario, promotion: scenario.promotion) == [])
  }

  /// A zone that changes its clocks after the years the query carries: later times are
  /// reported, as the query would misread them.
  @Test func timesBeyondTheYearsAreReported() throws {
    var scenario = Self.scenario(with: nil)
    let time = scenario.transactions.columns.firstIndex(of: "time")!
    scenario.transactions.rows[0][time] = "2031-07-01T12:00:00Z"
    let query = PromotionQuery(promotion: scenario.promotion, dialect: .sqlite, years: 2020...2030)
    #expect(ValidationQuery(query).text.contains("outside the years 2020-2030"))
    #expect(try SQLiteEngine.validation(scenario, promotion: scenario.promotion) == [])
    let rows = try SQLiteEngine.validation(
      scenario, promotion: scenario.promotion, years: 2020...2030)
    #expect(rows.map { [$0[0], $0[2]] } == [["transactions", "time"]])
  }
}
