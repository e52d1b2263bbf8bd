import WalletCore
import WalletIngest

/// `wallet format show ID`: a built-in statement format's file, exactly as wallet ships it.
struct FormatShowCommand: WalletCommand {
  static let path = ["format", "show"]

  static let configuration = CommandConfiguration(
    abstract: "Print a built-in statement format as JSON.",
    discussion: """
      Prints the built-in format's file exactly as wallet holds it: the header row's column \
      names, the rules that classify each row, the payment-method rules. Saved to a file and \
      edited, it is a format file for a bank wallet does not know, which 'import statement \
      --format FILE' reads (see wallet-formats(5)).
      """)

  @Argument(help: "The format's id (see 'wallet format list').") var id: BuiltInFormatID

  func run(context: CommandContext) throws -> ExitStatus {
    guard let file = StatementFormat.builtInFile(id: id.id) else {
      preconditionFailure("the parser let '\(id.id)' through, which is no built-in format")
    }
    // The bytes as shipped: JSON, which `data` writes as it is to a pipe or file.
    context.console.data(String(decoding: file, as: UTF8.self))
    return .success
  }
}

/// The id of a built-in statement format; the parser refuses any other word, listing the ids.
struct BuiltInFormatID: ExpressibleByArgument {
  /// The id.
  let id: String

  init(argument: String) throws {
    guard StatementFormat.builtInIDs.contains(argument) else {
      throw ArgumentValueError(.notOneOf(Self.allValueStrings))
    }
    id = argument
  }

  static var allValueStrings: [String] { StatementFormat.builtInIDs }
}
