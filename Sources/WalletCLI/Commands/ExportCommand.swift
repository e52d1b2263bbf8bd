import WalletCore
import WalletIngest
import WalletStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `wallet export`: the store's rewards, decisions or transactions as the SPEC's CSV files, for
/// analysts and spreadsheets.
struct ExportCommand: WalletCommand {
  static let path = ["export"]

  static let configuration = CommandConfiguration(
    abstract: "Export rewards, decisions or transactions as CSV.",
    discussion: """
      Writes a file of wallet-files(5) from the store. rewards: the rewards file, exactly as \
      'wallet batch' writes it (by holder, then ordinal). decisions: the decisions file, one row \
      per transaction, in the order of the transactions' time, then id. transactions: a \
      transactions file with every column, which 'wallet import transactions' reads back \
      (times keep their fraction of a second). --from and --to are whole days, both included, \
      in the promotion's time zone (rewards, decisions) or the store's (transactions), and \
      select by the transaction's time. --excel makes a file for spreadsheets: a UTF-8 byte \
      order mark, and text cells that begin with =, +, -, @, |, a tab, a carriage return or a \
      line feed prefixed with an apostrophe so that they cannot run as formulas; numeric \
      columns (amounts, ordinals, dates, times) are never changed. Such a file is for reading, \
      not for importing again. --out may not name the store or its journal files, however it is \
      spelt (a usage error); a file replaced keeps its permissions.
      """)

  @Argument(help: "Which file: rewards, decisions or transactions.") var what: ExportFile
  @Option(
    name: "promotion", valueName: "id",
    help: "The installed promotion of rewards and decisions; may be left out when only one "
      + "is installed.")
  var promotionID: Identifier?
  @Option(
    valueName: "date",
    help: "Only transactions from this day on (YYYY-MM-DD), or from this month's first (YYYY-MM).")
  var from: DayOrMonth?
  @Option(
    valueName: "date",
    help: "Only transactions up to this day, included (YYYY-MM-DD), or this month's last (YYYY-MM)."
  )
  var to: DayOrMonth?
  @Option(
    short: "o", valueName: "file",
    help: "Where to write the file ('-' for standard output, the default).")
  var out: FileName?
  @Flag(help: "Make the file safe to open in a spreadsheet (see above).") var excel: Bool
  @OptionGroup var storeOptions: StoreOptions

  func validate() throws {
    if let from, let to, to.last < from.first {
      throw ValidationError("--to \(to.last) is before --from \(from.first)")
    }
    if what == .transactions && promotionID != nil {
      throw ValidationError(
        "transactions belong to no promotion; --promotion is for rewards and decisions")
    }
  }

  func run(context: CommandContext) throws -> ExitStatus {
    let file = what
    let outPath = out?.path ?? "-"
    let store = try storeOptions.open(context: context, access: .read)
    var protected = ProtectedFiles()
    protected.protect(store: storeOptions.path(environment: context.environment))
    try protected.check(output: outPath, option: "out")

    var promotion: Promotion?
    if file != .transactions {
      let promotions = try PromotionChoice.selected(promotionID, store: store)
      guard promotions.count == 1 else {
        let ids = promotions.map(\.id.rawValue).joined(separator: ", ")
        throw ValidationError(
          "several promotions are installed (\(ids)) and a \(file) file holds one; "
            + "choose it with --promotion")
      }
      promotion = promotions[0]
    }
    // Whole days in the zone the file's times are written in.
    let zone = promotion?.timeZone ?? store.timeZone
    let range = WalletStore.TransactionFilter(
      from: from.map { zone.startOfDay($0.first) },
      until: to.map { zone.startOfDay($0.last.adding(days: 1)) })

    Interruption.catchSignals(
      .outputFiles(toStandardOutput: outPath == "-"), console: context.console)
    let output: AtomicOutputFile? = outPath == "-" ? nil : try AtomicOutputFile(path: outPath)
    let rows: Int
    do {
      let csv = output?.csvWriter() ?? context.console.csvWriter()
      if excel { try csv.writeByteOrderMark() }
      let writer = RecordWriter(file.format, forSpreadsheets: excel, csv: csv)
      rows = try Self.writeRows(file, promotion: promotion, range: range, store: store, to: writer)
    } catch {
      output?.discard()
      if let failure = error as? CommandFailure { throw failure }
      if error is CSVWriteError {
        throw CommandFailure(
          .ioError,
          "cannot write \(output?.shownPath ?? "to standard output"): "
            + ErrorWording.english(error))
      }
      throw error
    }
    if let output {
      try output.commit()
      let path = output.shownPath
      let counted: String =
        switch (file, rows == 1) {
        case (.rewards, true): tr("1 reward")
        case (.rewards, false): tr("\(rows) rewards")
        case (.decisions, true): tr("1 decision")
        case (.decisions, false): tr("\(rows) decisions")
        case (.transactions, true): tr("1 transaction")
        case (.transactions, false): tr("\(rows) transactions")
        }
      context.console.message(tr("Exported \(counted) to \(path)."))
    }
    return .success
  }

  /// Writes the file's header and rows; returns how many rows.
  private static func writeRows(
    _ file: ExportFile, promotion: Promotion?, range: WalletStore.TransactionFilter,
    store: WalletStore, to writer: RecordWriter
  ) throws -> Int {
    try writer.writeHeader()
    var count = 0
    let unbounded = range.from == nil && range.until == nil
    func inRange(_ time: Instant) -> Bool {
      (range.from.map { time >= $0 } ?? true) && (range.until.map { time < $0 } ?? true)
    }
    // Rows are written as the store yields them: the first line comes at once however large
    // the store, and memory stays flat.
    switch file {
    case .rewards:
      guard let promotion else { break }
      try store.forEachReward(promotion: promotion.id) { line in
        if inRange(line.time) {
          try writer.write(RewardsFile.fields(of: RewardRow(line), in: promotion.timeZone))
          count += 1
        }
        return true
      }
    case .decisions:
      guard let promotion else { break }
      // The store keeps decisions in the order of the transactions' time, then id: the order a
      // store has, where the SPEC's "input order" of a batch has no meaning.
      var selected: Set<Identifier>?
      if !unbounded {
        var ids = Set<Identifier>()
        try store.forEachTransaction(range) { transaction in
          ids.insert(transaction.id)
          return true
        }
        selected = ids
      }
      try store.forEachDecision(promotion: promotion.id) { decision in
        if selected?.contains(decision.transaction) ?? true {
          try writer.write(DecisionsFile.fields(of: decision))
          count += 1
        }
        return true
      }
    case .transactions:
      let zone = store.timeZone
      try store.forEachTransaction(range) { transaction in
        try writer.write(TransactionsFile.fields(of: transaction, in: zone))
        count += 1
        return true
      }
    }
    try writer.csv.flush()
    return count
  }
}

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
