import WalletCore
import WalletIngest

/// What `wallet import statement` asks for: the file's bytes, how to read them, what decides a
/// row's card, and how to store the rows.
package struct StatementImportRequest {
  /// The file's bytes, read whole.
  package var bytes: [UInt8]
  /// The file as the user named it, for errors and for the rows' origins.
  package var path: String
  /// The format to read it with; nil to recognise it by its header among the built-in ones.
  package var format: StatementFormat?
  /// The user's rules deciding method, merchant and mcc by row.
  package var rules: ImportRules?
  /// The rules file's name, for saying which rule decided a method.
  package var rulesFile: String?
  /// How purchases no rule decides were paid.
  package var defaultMethod: PaymentMethod?
  /// The card of a statement of one card.
  package var card: Card?
  /// Only this holder's cards are candidates for a row's last four.
  package var holder: Identifier?
  /// Leave out (and report) rows whose card is not in the store, rather than stop.
  package var skipInvalid = false
  /// Overwrite records whose id is in the store with other details.
  package var replace = false
  /// Work everything out and report it, then keep nothing.
  package var dryRun = false

  /// A request to import `bytes`, read from `path`, with the defaults for everything else.
  package init(bytes: [UInt8], path: String) {
    self.bytes = bytes
    self.path = path
  }
}

/// The stages of a statement import, for its progress line.
package enum StatementImportStage {
  /// The file's bytes are being decoded and classified.
  case reading(bytes: Int)
  /// The rows are being stored (or checked, in a dry run) and decided.
  case storing(rows: Int)
}
