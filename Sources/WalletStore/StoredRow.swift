import WalletCore

/// A row of one of the store's tables, read strictly: every value must be one wallet writes
/// there, or the row is a `StoreError.damagedRow` naming the table, the row and the column.
///
/// Falling back to a default (`?? .credit`), or letting SQLite read text as 0, would make a
/// store edited by other software, or damaged, decide rewards on facts nobody recorded.
/// Each value is read in its own storage class (`Row.value(at:)`), never converted.
struct StoredRow {
  let row: Row
  /// The table the columns come from, for the message.
  let table: String
  /// The row's id (a transaction's for decisions and refunds), for the message.
  let id: Identifier

  /// The row, named by the id in column `idColumn`.
  init(_ row: Row, table: String, idColumn: Int = 0) {
    self.row = row
    self.table = table
    id = Identifier(row.string(at: idColumn))
  }

  /// The error for `value`, found in `column`.
  func damaged(
    _ value: DatabaseValue, _ column: String, expected: StoreError.StoredValue
  ) -> StoreError {
    let shown: String? =
      switch value {
      case .null: nil
      case .integer(let number): String(number)
      case .real(let number): String(number)
      case .text(let text): text
      case .blob(let bytes):
        "x'" + bytes.map { String($0 >> 4, radix: 16) + String($0 & 0xF, radix: 16) }.joined()
          + "'"
      }
    return .damagedRow(table: table, row: id, column: column, value: shown, expected: expected)
  }

  /// Text from a NOT NULL column (an id, a holder).
  func text(_ index: Int, _ column: String) throws -> String {
    let value = row.value(at: index)
    guard let text = value.stringValue else { throw damaged(value, column, expected: .text) }
    return text
  }

  /// Text from a column that may be NULL.
  func optionalText(_ index: Int, _ column: String) throws -> String? {
    let value = row.value(at: index)
    if value.isNull { return nil }
    guard let text = value.stringValue else { throw damaged(value, column, expected: .text) }
    return text
  }

  /// An id from a NOT NULL column.
  func identifier(_ index: Int, _ column: String) throws -> Identifier {
    Identifier(try text(index, column))
  }

  /// An id from a column that may be NULL.
  func optionalIdentifier(_ index: Int, _ column: String) throws -> Identifier? {
    try optionalText(index, column).map(Identifier.init)
  }

  /// A code, in the canonical spelling wallet writes.
  func code<Code: CanonicalCode>(_ index: Int, _ column: String) throws -> Code {
    let value = row.value(at: index)
    guard let text = value.stringValue, let code = Code(rawValue: text) else {
      throw damaged(value, column, expected: .code(kind: Code.codeKind.rawValue))
    }
    return code
  }

  /// Why a transaction earns nothing.
  func reason(_ index: Int, _ column: String) throws -> ReasonCode {
    let value = row.value(at: index)
    guard let text = value.stringValue, let reason = ReasonCode(rawValue: text) else {
      throw damaged(value, column, expected: .reason)
    }
    return reason
  }

  /// A currency, as the upper-case ISO 4217 code wallet writes.
  func currency(_ index: Int, _ column: String) throws -> Currency {
    let value = row.value(at: index)
    guard let text = value.stringValue, let currency = Currency(parsing: text),
      currency.code == text
    else { throw damaged(value, column, expected: .currency) }
    return currency
  }

  /// A merchant category code, or nil for NULL.
  func optionalMCC(_ index: Int, _ column: String) throws -> MerchantCategoryCode? {
    let value = row.value(at: index)
    if value.isNull { return nil }
    guard let text = value.stringValue, let code = MerchantCategoryCode(parsing: text) else {
      throw damaged(value, column, expected: .merchantCategoryCode)
    }
    return code
  }

  /// An integer, of the integer storage class: text or a fraction is not read as a number.
  func integer(_ index: Int, _ column: String, expected: StoreError.StoredValue = .wholeNumber)
    throws
    -> Int64
  {
    let value = row.value(at: index)
    guard let number = value.int64Value else { throw damaged(value, column, expected: expected) }
    return number
  }

  /// A count or an ordinal.
  func int(_ index: Int, _ column: String) throws -> Int {
    Int(try integer(index, column))
  }

  /// A count or an ordinal, or nil for NULL.
  func optionalInt(_ index: Int, _ column: String) throws -> Int? {
    row.isNull(at: index) ? nil : try int(index, column)
  }

  /// An instant, stored as nanoseconds since 1970.
  func instant(_ index: Int, _ column: String) throws -> Instant {
    Instant(nanosecondsSinceEpoch: try integer(index, column, expected: .time))
  }

  /// An instant, or nil for NULL.
  func optionalInstant(_ index: Int, _ column: String) throws -> Instant? {
    row.isNull(at: index) ? nil : try instant(index, column)
  }

  /// An amount, stored in minor units (fen).
  func money(_ index: Int, _ column: String) throws -> Money {
    Money(minorUnits: try integer(index, column, expected: .amountInFen))
  }

  /// A date, stored as `YYYY-MM-DD`.
  func date(_ index: Int, _ column: String) throws -> CivilDate {
    let value = row.value(at: index)
    guard let text = value.stringValue, let date = try? CivilDate.parse(text),
      date.description == text
    else { throw damaged(value, column, expected: .date) }
    return date
  }
}
