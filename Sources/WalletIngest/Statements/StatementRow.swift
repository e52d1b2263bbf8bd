import WalletCore

/// What a row of a statement becomes.
package enum StatementRowKind: Sendable, Equatable {
  /// A purchase on the card.
  case purchase
  /// A refund of a purchase.
  case refund
  /// A reward the issuer credited (刷卡金返还): a posting of kind `credit`.
  case credit
  /// A reward the issuer took back (刷卡金扣回): a posting of kind `clawback`.
  case clawback
  /// Deliberately not imported, and why (`a repayment`, `the trade was closed`).
  case leftOut(reason: String)
}

/// Who decided a row's payment method, so that `explain` can say why.
package enum MethodSource: Sendable, Equatable {
  /// A rule of the format: the channel the file shows (`paid through Alipay`).
  case format(formatID: String, rule: Int, reason: String)
  /// A rule of the user's rules file: its 0-based index and its name, if it has one.
  case userRule(index: Int, name: String?)
  /// The command line's `--method`, for purchases nothing else decided.
  case commandLine
}

/// The 1-based columns of a row's cells, for errors raised about the row after reading.
package struct StatementRowColumns: Sendable, Equatable {
  /// The transaction date's column.
  package let date: Int
  /// The amount's column (the filled one of an in/out pair).
  package let amount: Int
  /// The description's column.
  package let description: Int
  /// The card's column, if the format has one.
  package let card: Int?
  /// The merchant's column, if the merchant came from one.
  package let merchant: Int?
  /// The order id's column, if the format has one.
  package let orderID: Int?
}

/// One row of a statement, classified.
package struct StatementRow: Sendable, Equatable {
  /// The 1-based physical line on which the row starts.
  package var line: Int
  /// What the row is.
  package var kind: StatementRowKind
  /// The transaction date, or the posting date when the transaction date is empty.
  package var date: CivilDate
  /// The posting date, when the format has one and the row fills it.
  package var postingDate: CivilDate?
  /// The time of day, from apps; nil for bank statements, which give dates only.
  package var timeOfDay: TimeOfDay?
  /// The amount charged, greater than zero except on a row left out for having none.
  package var amount: Money
  /// The amount's currency.
  package var currency: Currency
  /// The amount in the currency of the place of purchase, for foreign purchases.
  package var originalAmount: Money?
  /// That amount's currency, when written.
  package var originalCurrency: Currency?
  /// The card's last four digits, when the row names the card.
  package var last4: String?
  /// The merchant, when the format or a rule gives one.
  package var merchant: String?
  /// The description cell as written (trimmed).
  package var description: String
  /// The transaction's id in the bank's or app's records.
  package var orderID: String?
  /// For a refund, the order id of the purchase it refunds, when the file tells.
  package var refundedOrderID: String?
  /// How the purchase or refund was paid; nil when nothing decided it.
  package var method: PaymentMethod?
  /// Who decided `method`.
  package var methodSource: MethodSource?
  /// A merchant category code, from the user's rules.
  package var mcc: MerchantCategoryCode?
  /// Where the row's cells are.
  package var columns: StatementRowColumns
}

/// A statement file read whole: its rows and what was learnt about the file.
package struct StatementFile: Sendable {
  /// The format the file was read with.
  package let format: StatementFormat
  /// The encoding the file was written in.
  package let encoding: StatementEncoding
  /// The 1-based line of the header row.
  package let headerLine: Int
  /// The card's last four digits when the preamble names the card.
  package let titleLast4: String?
  /// The end of the statement's period, when the preamble gives it.
  package let periodEnd: CivilDate?
  /// Every row of the table, in file order.
  package let rows: [StatementRow]
}
