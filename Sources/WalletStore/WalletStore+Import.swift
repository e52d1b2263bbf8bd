import WalletCore

/// How an import treats rows that clash with the store.
public struct ImportPolicy: Sendable {
  /// Overwrite a record whose id exists with different details.
  public var replace: Bool
  /// Leave out rows the store refuses (unknown card, conflict), reporting each, instead of
  /// refusing the whole file.
  public var skipInvalid: Bool

  /// A policy.
  public init(replace: Bool = false, skipInvalid: Bool = false) {
    self.replace = replace
    self.skipInvalid = skipInvalid
  }
}

/// What an import did, row by row.
public struct ImportReport: Sendable {
  /// Rows that were new.
  public var inserted = 0
  /// Rows already in the store, unchanged.
  public var unchanged = 0
  /// Rows that overwrote a different record (with `replace`).
  public var replaced = 0
  /// Rows the store refused and left out, by their index in the input.
  public var rejected: [(index: Int, error: StoreError)] = []
  /// Refunds kept by statement imports that the new transactions let be applied.
  public var appliedWaitingRefunds = 0

  /// An import that did nothing yet.
  public init() {}

  mutating func count(_ outcome: UpsertOutcome) {
    switch outcome {
    case .inserted: inserted += 1
    case .unchanged: unchanged += 1
    case .replaced: replaced += 1
    }
  }
}

/// How far an import of transactions has got.
public enum ImportProgress: Sendable, Equatable {
  /// `rows` of `of` rows written to the table.
  case writing(rows: Int, of: Int)
  /// Every row written; the indexes and the decisions are being brought up to date.
  case updatingIndexesAndDecisions
}

/// The store refused row `index` of an import; nothing of the import was kept.
public struct ImportError: Error, Sendable {
  /// The row's index in the input.
  public var index: Int
  /// Why the store refused the row.
  public var error: StoreError
}

extension WalletStore {
  /// Imports cards in one SQLite transaction: all of them or none (none, too, when the policy
  /// skips invalid rows and every one is refused: see `checkSomeRowUsed`).
  public func importCards(_ cards: [Card], policy: ImportPolicy) throws -> ImportReport {
    try importRows(cards, policy: policy) { card, changes in
      try upsertCard(card, replace: policy.replace, changes: &changes)
    }
  }

  /// Imports enrollments in one SQLite transaction: all of them or none, as cards are.
  public func importEnrollments(_ enrollments: [Enrollment], policy: ImportPolicy) throws
    -> ImportReport
  {
    try importRows(enrollments, policy: policy) { enrollment, changes in
      try upsertEnrollment(enrollment, replace: policy.replace, changes: &changes)
    }
  }

  /// Imports transactions in one SQLite transaction: all of them or none (none, too, when every
  /// one is refused, as for cards); the decisions they affect are brought up to date in the
  /// same transaction.
  ///
  /// Bank files are millions of rows, so the common case costs one statement per row: cards and
  /// enrollments are looked up in memory, and a new row is inserted with `ON CONFLICT DO
  /// NOTHING`; only a row whose id is already there is read back and compared. A file that is a
  /// good part of the table is loaded in bulk (see `BulkLoad`): in id order, with the secondary
  /// indexes built afterwards.
  ///
  /// `progress`, when given, hears how far the import has got, for a progress line: the rows
  /// written so far (every 65,536), then once when only the indexes and decisions remain.
  public func importTransactions(
    _ transactions: [Transaction], policy: ImportPolicy,
    progress: ((ImportProgress) -> Void)? = nil
  ) throws -> ImportReport {
    // Every card and enrollment a row names is looked up below, in this transaction, and each
    // decision written names a transaction just read; SQLite need not look them up again.
    return try Self.keptUnlessEveryRowRefused {
      try db.writeCheckingReferencesInCaller { _ in
        let holderOfCard = Dictionary(
          uniqueKeysWithValues: try db.fetchAll("SELECT id, holder FROM cards") { row in
            (Identifier(row.string(at: 0)), Identifier(row.string(at: 1)))
          })
        let enrollmentIDs = Set(
          try db.fetchAll("SELECT id FROM enrollments") { Identifier($0.string(at: 0)) })
        let insert = try db.prepare(
          "INSERT INTO transactions(\(Transaction.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
            + "ON CONFLICT(id) DO NOTHING")
        var report = ImportReport()
        var changes = ChangeSet()
        var rejected: [(index: Int, error: StoreError)] = []
        var written = 0
        func importRow(at index: Int) throws {
          written += 1
          if written % rowsBetweenProgress == 0 {
            progress?(.writing(rows: written, of: transactions.count))
          }
          let transaction = transactions[index]
          do {
            guard let holder = holderOfCard[transaction.card] else {
              throw StoreError.unknownCard(transaction.card)
            }
            if let named = transaction.enrollment, !enrollmentIDs.contains(named) {
              throw StoreError.unknownEnrollment(named)
            }
            try transaction.bind(to: insert)
            try insert.run()
            if db.changes == 1 {
              report.inserted += 1
              changes.holders.insert(holder)
              changes.note(transaction.time)
            } else {
              report.count(
                try upsertTransaction(transaction, replace: policy.replace, changes: &changes))
            }
          } catch let error as StoreError where !error.isDamage {
            rejected.append((index, error))
          }
        }
        let existing = try estimatedRowCount(of: .transactions)
        let wasEmpty = try db.scalar("SELECT 1 FROM transactions LIMIT 1") == nil
        if BulkLoad.pays(
          incoming: transactions.count, existing: existing, minimum: bulkLoadMinimumRows)
        {
          let byID = transactions.indices.sorted { transactions[$0].id < transactions[$1].id }
          try withIndexesRebuilt(on: .transactions) {
            for index in byID { try importRow(at: index) }
            // Refused: throw before building indexes that the rollback would throw away.
            if !policy.skipInvalid, let first = rejected.min(by: { $0.index < $1.index }) {
              throw ImportError(index: first.index, error: first.error)
            }
            // What is left, indexes first, takes long enough to say so.
            progress?(.updatingIndexesAndDecisions)
          }
          rejected.sort { $0.index < $1.index }
        } else {
          for index in transactions.indices {
            try importRow(at: index)
            if !policy.skipInvalid && !rejected.isEmpty { break }
          }
          progress?(.updatingIndexesAndDecisions)
        }
        // The first bad row in the file is the one reported, whatever order the rows went in.
        if !policy.skipInvalid, let first = rejected.first {
          throw ImportError(index: first.index, error: first.error)
        }
        report.rejected = rejected
        if wasEmpty && report.inserted + rejected.count == transactions.count {
          // The table holds exactly the rows just inserted.
          var refused = Set(rejected.map(\.index))
          changes.allTransactions =
            refused.isEmpty
            ? transactions
            : transactions.indices.compactMap { index in
              refused.remove(index) == nil ? transactions[index] : nil
            }
        }
        try Self.checkSomeRowUsed(report, count: transactions.count, policy: policy)
        report.appliedWaitingRefunds = try applyWaitingRefundsAfterChange(changes: &changes)
        try rematerialize(changes)
        return report
      }
    }
  }

  private func importRows<Row>(
    _ rows: [Row], policy: ImportPolicy,
    _ upsert: (Row, inout ChangeSet) throws -> UpsertOutcome
  ) throws -> ImportReport {
    try Self.keptUnlessEveryRowRefused {
      try write {
        var report = ImportReport()
        var changes = ChangeSet()
        for (index, row) in rows.enumerated() {
          do {
            report.count(try upsert(row, &changes))
          } catch let error as StoreError where !error.isDamage {
            guard policy.skipInvalid else { throw ImportError(index: index, error: error) }
            report.rejected.append((index, error))
          }
        }
        try Self.checkSomeRowUsed(report, count: rows.count, policy: policy)
        try rematerialize(changes)
        return report
      }
    }
  }

  /// Thrown inside an import's transaction to roll it back, carrying its report out.
  private struct EveryRowRefused: Error {
    let report: ImportReport
  }

  /// Throws, to roll the import back, when the policy skips invalid rows and the store refused
  /// every one of the `count` rows it was given: nothing of such a file is kept (SPEC 4), not
  /// even what the import did on the way (indexes dropped and rebuilt for a bulk load).
  static func checkSomeRowUsed(_ report: ImportReport, count: Int, policy: ImportPolicy)
    throws
  {
    if policy.skipInvalid && count > 0 && report.rejected.count == count {
      throw EveryRowRefused(report: report)
    }
  }

  /// The report of `importing`, an import in one transaction that checks itself with
  /// `checkSomeRowUsed`, whether it was kept or rolled back because every row was refused: the
  /// caller says why each one was, and that nothing of the file was used.
  static func keptUnlessEveryRowRefused(_ importing: () throws -> ImportReport) throws
    -> ImportReport
  {
    do {
      return try importing()
    } catch let refused as EveryRowRefused {
      return refused.report
    }
  }
}
