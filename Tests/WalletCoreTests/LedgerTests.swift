import Testing
import WalletTestSupport

@testable import WalletCore

/// The ledger's bulk appends, which a bank's batch uses, against its row-by-row ones.
struct LedgerTests {
  /// Every transaction column of two ledgers, for comparing them whole.
  private func columns(_ ledger: Ledger) -> [[Int64]] {
    [
      ledger.transactionCard.map(Int64.init), ledger.time, ledger.amount, ledger.refunded,
      ledger.status.map { Int64(TransactionStatus.allCases.firstIndex(of: $0)!) },
      ledger.method.map { Int64(PaymentMethod.allCases.firstIndex(of: $0)!) },
      ledger.namedEnrollment.map(Int64.init), ledger.mcc.map(Int64.init),
      (0..<ledger.transactionCount).map {
        Int64(
          ledger.currencies[Int(ledger.currencyIndex[$0])].code.utf8.reduce(0) { $0 << 8 | Int($1) }
        )
      },
    ]
  }

  @Test(
    "batches of one currency, method and status give the ledger that rows give",
    arguments: [1, 2, 3] as [UInt64])
  func batchesEqualRows(seed: UInt64) throws {
    let scenario = randomScenario(seed: seed, transactions: 500)
    let rowByRow = Ledger(
      cards: scenario.cards, enrollments: scenario.enrollments,
      transactions: scenario.transactions)
    var batched = Ledger()
    batched.append(contentsOf: rowByRow.cards)
    batched.append(contentsOf: rowByRow.enrollments, cards: rowByRow.enrollmentCard)
    // Runs of transactions that share their codes, cut further into batches of 1 to 7.
    var random = SeededGenerator(seed: seed)
    var start = 0
    while start < rowByRow.transactionCount {
      let first = rowByRow.transaction(at: start)
      var end = start + 1
      let longest = start + Int.random(in: 1...7, using: &random)
      while end < min(longest, rowByRow.transactionCount) {
        let next = rowByRow.transaction(at: end)
        guard next.currency == first.currency, next.method == first.method,
          next.status == first.status
        else { break }
        end += 1
      }
      var ids = IdentifierArena()
      for index in start..<end { ids.append(rowByRow.transactionIDs[index]) }
      let range = start..<end
      rowByRow.transactionCard[range].withUnsafeBufferPointer { cards in
        rowByRow.time[range].withUnsafeBufferPointer { times in
          rowByRow.amount[range].withUnsafeBufferPointer { amounts in
            rowByRow.refunded[range].withUnsafeBufferPointer { refunded in
              rowByRow.namedEnrollment[range].withUnsafeBufferPointer { enrollments in
                rowByRow.mcc[range].withUnsafeBufferPointer { mcc in
                  batched.appendTransactions(
                    ids: ids, cards: cards, times: times, amounts: amounts, refunded: refunded,
                    enrollments: enrollments, mcc: mcc, currency: first.currency,
                    method: first.method, status: first.status)
                }
              }
            }
          }
        }
      }
      start = end
    }
    #expect(batched.cards == rowByRow.cards)
    #expect(batched.enrollments == rowByRow.enrollments)
    #expect(batched.enrollmentCard == rowByRow.enrollmentCard)
    #expect(batched.transactionIDs.bytes == rowByRow.transactionIDs.bytes)
    #expect(batched.transactionIDs.ends == rowByRow.transactionIDs.ends)
    #expect(columns(batched) == columns(rowByRow))
    #expect(batched.timeSpan == rowByRow.timeSpan)
    #expect(rowByRow.timeSpan != nil)
  }

  @Test(
    "parts joined in order give the ledger of the whole",
    arguments: [
      [0], [1], [250], [499], [500], [60, 120, 180, 240, 300, 360, 420], [0, 0, 7, 500],
    ]
      as [[Int]])
  func partsJoined(cuts: [Int]) throws {
    let scenario = randomScenario(seed: 7, transactions: 500)
    func ledger(_ transactions: ArraySlice<Transaction>) -> Ledger {
      Ledger(
        cards: scenario.cards, enrollments: scenario.enrollments,
        transactions: Array(transactions))
    }
    let whole = ledger(scenario.transactions[...])
    // Each part meets the currencies in its own order, so the joins must map their indices.
    #expect(Set(scenario.transactions.map(\.currency)).count > 1)
    let bounds = [0] + cuts + [scenario.transactions.count]
    var parts = (0..<bounds.count - 1).map {
      ledger(scenario.transactions[bounds[$0]..<bounds[$0 + 1]])
    }
    var joined = parts[0]
    for index in 1..<parts.count {
      joined.appendTransactions(movingFrom: &parts[index])
      #expect(parts[index].transactionCount == 0)
    }
    #expect(joined.transactionIDs.bytes == whole.transactionIDs.bytes)
    #expect(joined.transactionIDs.ends == whole.transactionIDs.ends)
    #expect(columns(joined) == columns(whole))
    #expect(joined.timeSpan == whole.timeSpan)
  }

  @Test func laterCardsAndEnrollmentsAreAppendedAfterTheFirst() {
    let cards = ["C1", "C2", "C3"].map { Fixture.card($0) }
    let enrollments = [
      Fixture.enrollment("E1", card: "C2"), Fixture.enrollment("E2", card: "C1"),
      Fixture.enrollment("E3", card: "C3"),
    ]
    var ledger = Ledger()
    ledger.append(contentsOf: Array(cards[0..<1]))
    ledger.append(contentsOf: Array(cards[1...]))
    ledger.append(contentsOf: Array(enrollments[0..<2]), cards: [1, 0])
    ledger.append(contentsOf: Array(enrollments[2...]), cards: [2])
    #expect(ledger.cards == cards)
    #expect(ledger.enrollments == enrollments)
    #expect(ledger.enrollmentCard == [1, 0, 2])
  }
}
