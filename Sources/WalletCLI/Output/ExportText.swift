/// What `wallet export` says when it has written a file.
enum ExportText {
  /// `Exported 11 rewards to rewards.csv.`
  static func exported(_ rows: Int, of file: ExportFile, to path: String) -> String {
    let counted: String =
      switch (file, rows == 1) {
      case (.rewards, true): tr("1 reward")
      case (.rewards, false): tr("\(rows) rewards")
      case (.decisions, true): tr("1 decision")
      case (.decisions, false): tr("\(rows) decisions")
      case (.transactions, true): tr("1 transaction")
      case (.transactions, false): tr("\(rows) transactions")
      }
    return tr("Exported \(counted) to \(path).")
  }
}
