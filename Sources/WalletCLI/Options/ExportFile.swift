import WalletCore
import WalletIngest
import WalletJobs
import WalletStore

/// The three files `wallet export` writes.
enum ExportFile: String, CaseIterable, CustomStringConvertible, ExpressibleByArgument {
  case rewards, decisions, transactions

  /// The file's format: section 4's outputs, and the transactions input file.
  var format: any CSVFileFormat.Type {
    switch self {
    case .rewards: RewardsFile.self
    case .decisions: DecisionsFile.self
    case .transactions: TransactionsFile.self
    }
  }

  var description: String { rawValue }
}

extension ExportFile {
  /// The file with its promotion: the one `--promotion` names, else the only one installed.
  func exported(promotion id: Identifier?, store: WalletStore) throws -> ExportedFile {
    if self == .transactions { return .transactions }
    let promotions = try PromotionChoice.selected(id, store: store)
    guard promotions.count == 1 else {
      let ids = promotions.map(\.id.rawValue).joined(separator: ", ")
      throw ValidationError(
        self == .rewards
          ? tr(
            """
            several promotions are installed (\(ids)) and a rewards file holds one; choose it \
            with --promotion
            """)
          : tr(
            """
            several promotions are installed (\(ids)) and a decisions file holds one; choose \
            it with --promotion
            """))
    }
    return self == .rewards ? .rewards(promotions[0]) : .decisions(promotions[0])
  }
}
