import WalletCore
import WalletIngest
import WalletStore

/// A row of a statement that cannot be imported, at its place in the file. The command line
/// words each problem; nothing here is prose.
package struct StatementRowError: Error {
  /// Why the row cannot be imported.
  package enum Problem {
    /// The row names the card ending `last4`, but the card chosen for the statement ends
    /// `chosenLast4`.
    case otherCard(last4: String, chosen: Identifier, chosenLast4: String)
    /// Neither the row nor the statement says which card it is for, and none was chosen.
    case cardNotNamed
    /// No card in the store (of `holder`, when one was given) ends `last4`.
    case noCard(last4: String, holder: Identifier?)
    /// Several cards (of `holder`, when given) end `last4`.
    case severalCards(last4: String, holder: Identifier?, candidates: [Card])
    /// The row's date and time name no instant in the store's zone.
    case unreadableTime(date: CivilDate, time: TimeOfDay, reason: TimeParseError)
    /// The row has the id of an earlier row: an export lists an order once.
    case repeatedID(Identifier, earlierLine: Int)
    /// The store refused the row.
    case refused(StoreError)
    /// Nothing decided a payment method for the purchases on `lines` (the first is the row
    /// the error is at); `rulesGiven` says whether a rules file was used.
    case noPaymentMethod(lines: [Int], rulesGiven: Bool)
  }

  /// The file as the user named it.
  package let file: String
  /// The row's line.
  package let line: Int
  /// The column the problem is about, 1 for the whole row.
  package let column: Int
  /// What is wrong.
  package let problem: Problem
}
