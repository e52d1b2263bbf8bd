import WalletCore
import WalletIngest
import WalletStore

/// `wallet import statement` as a job: a bank's statement or a payment app's export read,
/// classified, each row given its card and id, and stored in one SQLite transaction (or, in a
/// dry run, worked out and rolled back), with every row's outcome beside it.
package enum StatementImportJob {
  /// Imports `request`'s file into `store`, saying each stage to `stage`. Throws the reader's
  /// `InputError` for a file it cannot read, and `StatementRowError` for a row that cannot be
  /// imported (nothing of the file is kept then). A file whose every row to import was skipped
  /// is not kept either: its report's `everyRowSkipped(path:)` says so.
  package static func run(
    _ request: StatementImportRequest, store: WalletStore,
    stage: (StatementImportStage) -> Void = { _ in }
  ) throws -> StatementImportReport {
    stage(.reading(bytes: request.bytes.count))
    let file = try StatementReader.read(
      bytes: request.bytes, file: request.path, format: request.format,
      formats: StatementFormat.builtIn, rules: request.rules,
      defaultMethod: request.defaultMethod)
    let plan = try StatementImportPlan(
      file, request: request, cards: try store.cards(), zone: store.timeZone)
    stage(.storing(rows: plan.rows.count))
    // A file whose every row to import was skipped keeps nothing: worked out as a dry run is,
    // so that the store stays as it was and the report says what it would have held.
    let everyRowSkipped =
      plan.rows.allSatisfy { $0.entry == nil } && plan.rows.contains { $0.row.skipped != nil }
    let outcomes: StatementImportOutcomes
    do {
      outcomes = try store.importStatement(
        plan.statement, replace: request.replace, dryRun: request.dryRun || everyRowSkipped)
    } catch let rejection as StatementImportError {
      throw located(rejection, in: plan, path: request.path)
    }
    let rows = plan.rows.map { planned in
      var row = planned.row
      switch planned.entry {
      case .purchase(let index): row.outcome = .purchase(outcomes.purchases[index])
      case .refund(let index): row.outcome = .refund(outcomes.refunds[index])
      case .posting(let index):
        row.outcome = .posting(plan.statement.postings[index].kind, outcomes.postings[index])
      case nil: break
      }
      return row
    }
    return StatementImportReport(
      file: file, rows: rows, appliedEarlierRefunds: outcomes.appliedEarlierRefunds,
      waitingRefunds: outcomes.waitingRefunds, committed: outcomes.committed,
      wouldCommit: outcomes.purchasesNeedingMethod.isEmpty && !everyRowSkipped)
  }

  /// The row a store's refusal is about, as an error at its line.
  private static func located(
    _ rejection: StatementImportError, in plan: StatementImportPlan, path: String
  ) -> StatementRowError {
    let row = plan.rows.first { planned in
      switch (planned.entry, rejection.entry) {
      case (.purchase(let mine), .purchase(let theirs)),
        (.refund(let mine), .refund(let theirs)),
        (.posting(let mine), .posting(let theirs)):
        mine == theirs
      default: false
      }
    }
    return StatementRowError(
      file: path, line: row?.row.line ?? 1, column: 1, problem: .refused(rejection.error))
  }
}
