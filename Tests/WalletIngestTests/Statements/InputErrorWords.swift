@testable import WalletIngest

extension InputError {
  /// The problem as its Swift description, which the tests here only search for what it must
  /// or must not hold. The command line words the problems (`ErrorWording`).
  var message: String {
    switch problem {
    case .statementSyntax(let kind): "not well-formed CSV: \(kind)"
    case .statement(let error): String(describing: error)
    default: String(describing: problem)
    }
  }

  /// The field and what is wrong with it, when this is a format or rules file's error.
  var definition: (field: String?, problem: DefinitionProblem)? {
    if case .definition(let field, let problem) = problem { (field, problem) } else { nil }
  }

  /// The statement's problem as a whole, if that is what it is.
  var statementError: StatementReadError? {
    if case .statement(let error) = problem { error } else { nil }
  }

  /// `file:line:column: message`.
  var description: String { "\(file):\(line):\(column): \(message)" }
}
