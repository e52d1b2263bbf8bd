import WalletCore
import WalletIngest
import WalletJobs

extension StatementRowError {
  /// The problem as an error at its place in the file, in the English that the translations
  /// recognise (`Translations.translated(message:)`).
  var inputError: InputError {
    InputError(file: file, line: line, column: column, message: message)
  }

  private var message: String {
    switch problem {
    case .otherCard(let last4, let chosen, let chosenLast4):
      return "this row is for the card ending \(last4), but --card \(chosen) ends \(chosenLast4)"
    case .cardNotNamed:
      return "the statement does not say which card it is for; name it with --card"
    case .noCard(let last4, let holder):
      return "no card ending \(last4)\(Self.ofHolder(holder)) in the store; add it with "
        + "'wallet card add ID --last4 \(last4) …', or name the card with --card"
    case .severalCards(let last4, let holder, let candidates):
      let names = candidates.map { "\($0.id) (holder \($0.holder))" }.joined(separator: ", ")
      return "\(candidates.count) cards end \(last4)\(Self.ofHolder(holder)): \(names); "
        + "choose with --card or --holder"
    case .unreadableTime(let date, let time, let reason):
      return "\(date) \(time) \(reason.description)"
    case .repeatedID(let id, let earlier):
      return "this row has the id \(ShownValue.quoted(id.rawValue, masksCardNumbers: false)) "
        + "of line \(earlier): an export lists an order once"
    case .refused(let error):
      // English like the rest here: the whole message is translated when it is shown.
      return error.words(in: .english)
    }
  }

  private static func ofHolder(_ holder: Identifier?) -> String {
    holder.map { " of holder \($0)" } ?? ""
  }
}

extension StatementImportReport {
  /// The error of an import that leaves purchases without a payment method, at the first.
  func undecidedError(path: String, rulesFile: String?) -> InputError? {
    let rows = purchasesNeedingMethod
    guard let first = rows.first else { return nil }
    let lines = rows.map(\.line)
    let count = lines.count
    let shown = lines.prefix(8).map(String.init).joined(separator: ", ")
    let more = count > 8 ? ", …" : ""
    let words =
      "\(count) purchase\(count == 1 ? " has" : "s have") no payment method (line"
      + "\(count == 1 ? "" : "s") \(shown)\(more)): a statement rarely says whether Apple Pay "
      + "was used, and wallet does not guess. Decide with --method apple-pay|card|other for "
      + "the rest of the file, or with "
      + (rulesFile == nil ? "a rules file (--rules FILE, see wallet-formats(5))" : "more rules")
      + " by merchant, description, amount or date; --dry-run lists every row"
    return InputError(
      file: path, line: first.line, column: first.descriptionColumn, message: words)
  }
}
