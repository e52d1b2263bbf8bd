import WalletCore

/// The three input files of a batch, read and cross-checked: every card an enrollment or
/// transaction names exists, every enrollment a transaction names exists, and no id repeats.
struct BatchInput {
  var cards: [Card] = []
  var enrollments: [Enrollment] = []
  var transactions: [Transaction] = []
  var skipped = SkippedRows()

  /// Reads the files in dependency order. Instants written without an offset are read in `zone`.
  static func load(
    cards cardsPath: String, enrollments enrollmentsPath: String,
    transactions transactionsPath: String, naiveIn zone: TimeZoneRules, skipInvalid: Bool,
    console: Console, quiet: Bool
  ) throws(CommandFailure) -> BatchInput {
    // Open all three first, so that a missing file is reported before any work is done.
    let cardsFile = try InputFile(path: cardsPath)
    let enrollmentsFile = try InputFile(path: enrollmentsPath)
    let transactionsFile = try InputFile(path: transactionsPath)
    var input = BatchInput()
    var cardLines: [Identifier: Int] = [:]
    var enrollmentLines: [Identifier: Int] = [:]
    var transactionLines: [Identifier: Int] = [:]

    try RowFileReader(kind: .cards, file: cardsFile, skipInvalid: skipInvalid)
      .forEachRow(skipped: &input.skipped) { (row) throws(InputError) in
        let card = try row.card()
        if let first = cardLines[card.id] {
          throw row.error(
            in: "card",
            "card \(SafeText.quoted(card.id.rawValue)) is listed twice (first on line \(first))")
        }
        cardLines[card.id] = row.line
        input.cards.append(card)
      }

    try RowFileReader(kind: .enrollments, file: enrollmentsFile, skipInvalid: skipInvalid)
      .forEachRow(skipped: &input.skipped) { (row) throws(InputError) in
        let enrollment = try row.enrollment(naiveIn: zone)
        guard cardLines[enrollment.card] != nil else {
          throw row.error(
            in: "card", "card \(SafeText.quoted(enrollment.card.rawValue)) is not in \(cardsPath)")
        }
        if let first = enrollmentLines[enrollment.id] {
          throw row.error(
            in: "id",
            "enrollment \(SafeText.quoted(enrollment.id.rawValue)) is listed twice (first on line \(first))"
          )
        }
        enrollmentLines[enrollment.id] = row.line
        input.enrollments.append(enrollment)
      }

    let progress = ProgressReporter.make(console: console, quiet: quiet, label: "transactions")
    try RowFileReader(
      kind: .transactions, file: transactionsFile, skipInvalid: skipInvalid, progress: progress
    )
    .forEachRow(skipped: &input.skipped) { (row) throws(InputError) in
      let transaction = try row.transaction(naiveIn: zone)
      guard cardLines[transaction.card] != nil else {
        throw row.error(
          in: "card", "card \(SafeText.quoted(transaction.card.rawValue)) is not in \(cardsPath)")
      }
      if let enrollment = transaction.enrollment, enrollmentLines[enrollment] == nil {
        throw row.error(
          in: "enrollment",
          "enrollment \(SafeText.quoted(enrollment.rawValue)) is not in \(enrollmentsPath)")
      }
      if let first = transactionLines[transaction.id] {
        throw row.error(
          in: "id",
          "transaction \(SafeText.quoted(transaction.id.rawValue, masksCardNumbers: false)) is listed twice (first on line \(first))"
        )
      }
      transactionLines[transaction.id] = row.line
      input.transactions.append(transaction)
    }
    return input
  }
}
