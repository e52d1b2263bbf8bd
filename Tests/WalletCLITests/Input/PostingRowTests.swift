import Foundation
import Testing
import WalletCore
import WalletTestSupport

@testable import WalletCLI
@testable import WalletIngest

/// The postings file (SPEC section 4) read as an import reads it: every column rule, the ids made
/// for rows without one, and every refusal located at its line and column, in the words the
/// command line gives it.
struct PostingRowTests {
  let folder: TemporaryFolder

  init() throws {
    folder = try TemporaryFolder()
  }

  /// The file's postings; a refusal fails the test.
  func read(_ text: String) throws -> [Posting] {
    let path = try folder.write("postings.csv", text)
    return try FileRows.postings(
      RowFileReader(kind: .postings, file: try InputFile(path: path), skipInvalid: false)
    ).values
  }

  /// The file's first error, without the folder in its file name.
  func error(_ text: String) throws -> String {
    do {
      return "read \(try read(text).count) postings"
    } catch let failure as FileError {
      return ErrorWording.words(failure, in: .english)
        .replacingOccurrences(of: folder.path("") + "/", with: "")
    }
  }

  /// What `--skip-invalid` keeps (by id) and reports, without the folder.
  func readSkipping(_ text: String) throws -> (ids: [String], skipped: [String]) {
    let path = try folder.write("postings.csv", text)
    let rows = try FileRows.postings(
      RowFileReader(kind: .postings, file: try InputFile(path: path), skipInvalid: true))
    return (
      rows.values.map(\.id.rawValue),
      rows.skipped.errors.map {
        ErrorWording.words($0, in: .english)
          .replacingOccurrences(of: folder.path("") + "/", with: "")
      }
    )
  }

  @Test func everyColumnIsReadInAnyOrderAndCase() throws {
    let postings = try read(
      "\u{FEFF}Description, AMOUNT ,kind,Date,card,id,Transaction,reverses,extra\n"
        + "返还 刷卡金 ,20.5,Credit, 2026-01-05 ,\tC1 ,P1,T1,,ignored\n"
        + ",20,CLAWBACK,2026-02-01,C1,P2,T1,P1,\n"
    )
    #expect(
      postings == [
        Posting(
          id: Identifier("P1"), card: Identifier("C1"), date: try CivilDate.parse("2026-01-05"),
          kind: .credit, amount: Money(minorUnits: 2_050), transaction: Identifier("T1"),
          description: "返还 刷卡金"),
        Posting(
          id: Identifier("P2"), card: Identifier("C1"), date: try CivilDate.parse("2026-02-01"),
          kind: .clawback, amount: Money(minorUnits: 2_000), transaction: Identifier("T1"),
          reverses: Identifier("P1")),
      ])
  }

  @Test func missingIDsCountRowsOfTheSameCardDateKindAndAmountAsWritten() throws {
    let postings = try read(
      """
      card,date,kind,amount,id
      C1,2026-01-05,credit,20.00,
      C1,2026-01-05,credit,20.00,
      C1,2026-01-05,credit,20,
      C1,2026-01-05,clawback,20.00,
      C2,2026-01-05,credit,20.00,
      C1,2026-01-05,credit,20.00,OWN
      C1,2026-01-05,CREDIT,20.00,

      """
    )
    #expect(
      postings.map(\.id.rawValue) == [
        "C1:2026-01-05:credit:20.00:1", "C1:2026-01-05:credit:20.00:2",
        "C1:2026-01-05:credit:20:1", "C1:2026-01-05:clawback:20.00:1",
        "C2:2026-01-05:credit:20.00:1", "OWN", "C1:2026-01-05:credit:20.00:3",
      ])
    // The same file read again gives the same ids: what makes importing it twice change nothing.
    let again = try read(
      "card,date,kind,amount\nC1,2026-01-05,credit,20.00\nC1,2026-01-05,credit,20.00\n"
    )
    #expect(again.map(\.id) == Array(postings.map(\.id).prefix(2)))
  }

  @Test(arguments: [
    ("kind", "2:3: kind 'refund': unknown posting kind: expected one of credit, clawback"),
    ("date", "2:2: date '2026-02-30': that date does not exist"),
    ("time", "2:2: date '2026-01-05T10:00': expected a date like 2026-11-22 (YYYY-MM-DD)"),
    ("fraction", "2:4: amount '1.001': an amount has at most two digits after the point"),
    ("zero", "2:4: amount must be greater than zero"),
    ("negative", "2:4: amount '-5': an amount cannot be negative"),
    ("no card", "2:1: a value for 'card' is required"),
    ("no amount", "2:4: a value for 'amount' is required"),
  ])
  func badValuesAreLocated(_ bad: String, _ expected: String) throws {
    let rows = [
      "kind": "C1,2026-01-05,refund,20",
      "date": "C1,2026-02-30,credit,20",
      "time": "C1,2026-01-05T10:00,credit,20",
      "fraction": "C1,2026-01-05,credit,1.001",
      "zero": "C1,2026-01-05,credit,0.00",
      "negative": "C1,2026-01-05,credit,-5",
      "no card": ",2026-01-05,credit,20",
      "no amount": "C1,2026-01-05,credit,",
    ]
    let text = "card,date,kind,amount\n\(rows[bad] ?? "")\n"
    #expect(try error(text) == "postings.csv:\(expected)")
  }

  @Test func aMissingRequiredColumnIsRefusedAtTheHeader() throws {
    #expect(
      try error("id,card,date,amount\nP1,C1,2026-01-05,20\n")
        == "postings.csv:1:1: missing required column 'kind' in the header")
  }

  @Test func anIDListedTwiceIsRefusedAtItsSecondRow() throws {
    // Posting ids may be bank references, which SPEC 6 lets through whole.
    let text = """
      id,card,date,kind,amount
      4111111111111111,C1,2026-01-05,credit,20
      P2,C1,2026-01-05,credit,20
      4111111111111111,C1,2026-01-06,credit,30

      """
    #expect(
      try error(text)
        == "postings.csv:4:1: posting '4111111111111111' is listed twice (first on line 2)")
    let skipping = try readSkipping(text)
    #expect(skipping.ids == ["4111111111111111", "P2"])
    #expect(
      skipping.skipped == [
        "postings.csv:4:1: posting '4111111111111111' is listed twice (first on line 2)"
      ])
  }

  @Test(arguments: ["card", "description"])
  func aCardNumberIsRefusedWithoutBeingEchoed(_ column: String) throws {
    let number = "6222 0212 3456 7890 123"
    let text =
      column == "card"
      ? "card,date,kind,amount,description\n\(number),2026-01-05,credit,20,\n"
      : "card,date,kind,amount,description\nC1,2026-01-05,credit,20,卡号 \(number)\n"
    let message = try error(text)
    #expect(message.hasPrefix("postings.csv:2:\(column == "card" ? 1 : 5): \(column) looks like"))
    #expect(message.contains("ending 0123"))
    #expect(!message.contains("6222"))
  }

  @Test func skippedRowsAreEachReportedAndTheOthersKept() throws {
    let skipping = try readSkipping(
      """
      card,date,kind,amount
      C1,2026-01-05,credit,20
      C1,2026-01-05,gift,20
      C1,2026-01-05,credit,20
      C1,2026-01-05,credit,abc

      """)
    #expect(skipping.ids == ["C1:2026-01-05:credit:20:1", "C1:2026-01-05:credit:20:2"])
    #expect(skipping.skipped.map { $0.prefix(16) } == ["postings.csv:3:3", "postings.csv:5:4"])
  }
}
