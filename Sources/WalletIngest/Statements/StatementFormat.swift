import WalletCore

/// How one bank's or app's export is laid out and what its rows mean, read from a JSON format
/// file (see wallet-formats(5)), so that a bank wallet does not ship can be described without
/// code.
package struct StatementFormat: Sendable {
  /// What the file is, which decides how purchases were paid.
  package enum Kind: String, Sendable, CaseIterable {
    /// A bank's credit-card statement: dates only, one card or several by last four.
    case cardStatement = "card-statement"
    /// A payment app's export (Alipay, WeChat Pay): times to the second, and every purchase
    /// made through the app rather than with Apple Pay.
    case appExport = "app-export"
  }

  /// The format's id, e.g. `bocom-credit`, by which a user names it.
  package let id: String
  /// A human name, e.g. `交通银行信用卡`.
  package let name: String
  /// A statement or an app export.
  package let kind: Kind
  /// Column names that the header row must all have; the first line whose trimmed cells include
  /// every one is the header, and the lines before it are the preamble.
  package let header: [String]
  /// A row whose first cell begins with one of these ends the table (totals, a closing rule).
  package let footerPrefixes: [String]
  /// A pattern over the preamble's lines with named groups `year`, `month` and optionally `day`
  /// giving the end of the statement's period, from which dates without a year take theirs.
  package let periodPattern: String?
  /// A pattern over the preamble's lines whose first group holds the statement's card: four
  /// digits, or a full number of which only the last four are kept.
  package let titleCardPattern: String?
  /// Where each value is.
  package let columns: StatementColumns
  /// Rules giving each row its kind, tried in order; a row none matches is an error.
  package let classification: [ClassificationRule]
  /// Rules giving purchases and refunds their payment method, tried in order.
  package let methodRules: [MethodRule]
  /// When set, a purchase or refund whose card cell names no card is left out for this reason
  /// (an app payment from the balance rather than a card).
  package let withoutCardReason: String?
}

/// Where a format's values are, each by the header's column name.
package struct StatementColumns: Sendable {
  /// The transaction's date (or date and time, in apps).
  package let date: DateColumn
  /// The date the bank posted it; also the date of a row whose transaction date is empty.
  package let postingDate: DateColumn?
  /// A separate time-of-day column (`HH:mm:ss`), for exports that split date and time.
  package let time: String?
  /// The description (交易说明, 交易摘要, 商品说明 …).
  package let description: String
  /// The merchant, when a column holds it alone (交易对方).
  package let merchant: String?
  /// The amount charged, in one signed column or in separate in and out columns.
  package let amount: AmountColumns
  /// The amount in the currency of the place of purchase, for foreign purchases.
  package let originalAmount: String?
  /// The currency of the amount charged.
  package let currency: CurrencySource
  /// The card's last four digits.
  package let card: CardColumn?
  /// The app's or bank's id of the transaction (订单号).
  package let orderID: String?
  /// How a refund names the purchase it refunds.
  package let refundedOrderID: RefundLink?
}

/// A date column and how its dates are written.
package struct DateColumn: Sendable {
  /// The header's name of the column.
  package let column: String
  /// How the dates are written.
  package let form: StatementDateForm
}

/// Where the amount charged is.
package enum AmountColumns: Sendable {
  /// One column, read by a sign convention.
  case signed(column: String, sign: SignConvention)
  /// Money in and money out in separate columns, each positive; one of the two is filled.
  case split(moneyIn: String, moneyOut: String)
}

/// What an amount's sign says.
package enum SignConvention: String, Sendable, CaseIterable {
  /// A positive amount is money out (a purchase); a negative one money in (a refund, a
  /// repayment). CMB writes amounts so.
  case positiveIsPurchase = "positive-is-purchase"
  /// A negative amount is money out.
  case negativeIsPurchase = "negative-is-purchase"
  /// Amounts are never negative; a row's direction comes from its classification alone.
  case alwaysPositive = "always-positive"
}

/// Which way money moved on a row, where the amount's sign or column says so.
package enum MoneyDirection: String, Sendable, CaseIterable {
  /// Money in to the cardholder: refunds, repayments, credits.
  case moneyIn = "in"
  /// Money out: purchases, charges, clawbacks.
  case moneyOut = "out"
}

/// Where a row's currency comes from, when the amount does not carry its code.
package struct CurrencySource: Sendable {
  /// A column naming the currency, by code or by one of `names`.
  package let column: String?
  /// What the file calls a currency besides its ISO code (`人民币` → CNY).
  package let names: [String: Currency]
  /// The currency of a row that names none.
  package let defaultCurrency: Currency
}

/// Where a row's card is.
package struct CardColumn: Sendable {
  /// The header's name of the column.
  package let column: String
  /// A pattern whose first group holds the last four digits (`\((\d{4})\)` in
  /// `交通银行信用卡(7449)`); nil when the cell is the four digits itself. A cell the pattern
  /// does not match names no card.
  package let pattern: String?
}

/// How a refund's row names the original purchase.
package struct RefundLink: Sendable {
  /// The column holding the refund's own order id, which contains the original's.
  package let column: String
  /// The original's id is the cell up to the first of these markers found, tried in order
  /// (`*REFUND_`, `_`); with none given, the whole cell is the original's id. A cell holding no
  /// marker links to nothing.
  package let originalBefore: [String]
}

/// One test of a rule: a column's cell against a matcher.
package struct ColumnCondition: Sendable {
  /// The header's name of the column.
  package let column: String
  /// The test.
  package let matcher: TextMatcher
}

/// What a classification rule makes of a row.
package enum RowKindRule: String, Sendable, CaseIterable {
  /// A purchase on the card.
  case purchase
  /// A refund of a purchase.
  case refund
  /// A reward credited (刷卡金返还): a posting.
  case credit
  /// A reward taken back (刷卡金扣回): a posting.
  case clawback
  /// Not imported, for the rule's reason (a repayment, a fee, a closed trade).
  case ignore
}

/// Which part of a column a rule takes as the merchant.
package enum MerchantPart: String, Sendable, CaseIterable {
  /// The whole cell.
  case whole
  /// The cell after its first word (`消费 某商户` → `某商户`).
  case afterFirstWord = "after-first-word"
}

/// Where a classified row's merchant is.
package struct MerchantSource: Sendable {
  /// The header's name of the column.
  package let column: String
  /// Which part of it.
  package let part: MerchantPart
}

/// One rule of a format's classification.
package struct ClassificationRule: Sendable {
  /// Every condition must hold; none means every row.
  package let conditions: [ColumnCondition]
  /// When set, the row's amount must move money this way.
  package let direction: MoneyDirection?
  /// What the row becomes.
  package let kind: RowKindRule
  /// Why an ignored row is left out, in words (`a repayment`); required for `ignore`.
  package let reason: String?
  /// Where the merchant is, overriding the format's merchant column.
  package let merchant: MerchantSource?
}

/// One rule of a format giving the payment method of a purchase or refund, with its reason.
package struct MethodRule: Sendable {
  /// Every condition must hold; none means every purchase and refund.
  package let conditions: [ColumnCondition]
  /// The method.
  package let method: PaymentMethod
  /// Why, in words (`paid through Alipay`).
  package let reason: String
}
