@testable import WalletIngest

extension InputError {
  /// The words the statement readers, not typed yet, give their errors (`.described`); any
  /// other problem as its Swift description, which the tests here only search for what it must
  /// or must not hold. The command line words the typed problems (`ErrorWording`).
  var message: String {
    switch problem {
    case .described(let words): words
    case .statementSyntax(let kind): "not well-formed CSV: \(kind)"
    case .statement(let error): String(describing: error)
    case .invalidPattern(let field, let error):
      "field '\(field)': invalid pattern: \(error.problem) (character \(error.offset + 1))"
    default: String(describing: problem)
    }
  }

  /// The statement's problem as a whole, if that is what it is.
  var statementError: StatementReadError? {
    if case .statement(let error) = problem { error } else { nil }
  }

  /// `file:line:column: message`.
  var description: String { "\(file):\(line):\(column): \(message)" }
}
