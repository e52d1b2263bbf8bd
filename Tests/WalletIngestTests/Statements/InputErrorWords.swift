@testable import WalletIngest

extension InputError {
  /// The words the statement readers, not typed yet, give their errors (`.described`); any
  /// other problem as its Swift description, which the tests here only search for what it must
  /// or must not hold. The command line words the typed problems (`ErrorWording`).
  var message: String {
    switch problem {
    case .described(let words): words
    case .statementSyntax(let kind): "not well-formed CSV: \(kind)"
    default: String(describing: problem)
    }
  }

  /// `file:line:column: message`.
  var description: String { "\(file):\(line):\(column): \(message)" }
}
