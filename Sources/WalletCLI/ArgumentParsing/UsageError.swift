/// A usage error: the command line itself is wrong. Print ``CommandLineParser/errorText(for:)``
/// to stderr and exit with ``exitCode``.
///
/// The error holds what is wrong as a case with values, and is worded when it is printed
/// (`ErrorWording+Usage.swift`), in the language chosen for the run: a mistake in `--lang`
/// itself is found before that language is known.
public struct UsageError: Error, Sendable, CustomStringConvertible {
  /// The exit status for usage errors (`EX_USAGE`).
  public static let exitCode: Int32 = 64
  /// What is wrong.
  public var problem: UsageProblem
  /// The command the error is about, whose usage line is printed with it.
  public var commandPath: [String]

  /// Makes a usage error about the command at `commandPath`.
  public init(_ problem: UsageProblem, commandPath: [String]) {
    self.problem = problem
    self.commandPath = commandPath
  }

  /// The problem in English, in swift-argument-parser's words, without the `Error: ` prefix.
  public var description: String { ErrorWording.words(problem, in: .english) }
}

/// What is wrong with a command line. The words the user typed are kept as typed; the wording
/// quotes them safely.
public enum UsageProblem: Sendable {
  /// A word that no argument of the command takes.
  case unexpectedArgument(String)
  /// An option the command does not have, as typed, and the nearest one's name (`--format`).
  case unknownOption(String, suggestion: String?)
  /// A word that names no subcommand, and the nearest subcommand's name.
  case unknownSubcommand(String, suggestion: String?)
  /// An option that may be given once, given again: its name without the dashes.
  case repeatedOption(String)
  /// An option that may stand before the subcommand (`--db`), given both before and after it:
  /// the option as its name is spelt (`--db`).
  case givenBeforeAndAfterSubcommand(String)
  /// An option given before the subcommand that the command it leads to does not take: the
  /// option (`--db`) and the command as typed from the program's name (`wallet batch`).
  case notTakenBy(option: String, command: String)
  /// A flag given a value (`--force=yes`): the flag as typed.
  case flagWithValue(String)
  /// An option without its value: the option as typed and its value's name (`--format <format>`).
  case missingValue(String)
  /// A required argument left out: its label (`--cards <file>`, `<txn>`).
  case missingArgument(String)
  /// A value outside the argument's list of values.
  case notAllowed(value: String, label: String, allowed: [String])
  /// A value the argument's type refused, and why: a typed error the command line words (the
  /// domain's ``MoneyError``, ``TimeParseError``…, or ``ValueFormError``).
  case invalidValue(value: String, label: String, reason: any Error)
  /// A value refused in a sentence about its argument, named as messages name it (`--holder`,
  /// `<card>`): `--holder is empty`.
  case refused(argument: String, ArgumentProblem)
  /// `--lang` names no language wallet speaks.
  case unknownLanguage(String)
  /// An argument looks like a full card number, which is never echoed: only its last four
  /// digits are said.
  case cardNumber(lastFour: String)
  /// A command's own check of its arguments, already worded in the run's language with `tr`.
  case command(String)
  /// Help was asked for where nothing would show it (``ParsableArguments`` parsed on their own,
  /// in tests).
  case helpAskedFor
}

/// Why a value was refused, said of its argument: the command line's own checks of values that
/// no domain parser reads.
public enum ArgumentProblem: Sendable, Equatable {
  /// Nothing but spaces.
  case empty
  /// Not exactly four digits (`--last4`).
  case notFourDigits
  /// An empty file name.
  case emptyFileName
  /// An amount of zero where one greater is needed.
  case notAboveZero
  /// Not a whole number greater than zero (`--limit`).
  case notACount
  /// Not a number of bytes (`--memory`).
  case notAByteCount
  /// Not a span of years (`--years`).
  case notAYearSpan
  /// None of the listed words.
  case notOneOf([String])
}
