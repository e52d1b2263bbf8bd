import Foundation
import WalletCore

/// A type whose values can be typed on the command line: swift-argument-parser's protocol of the
/// same name. `@Option` and `@Argument` properties hold such values, and the parser converts each
/// word with ``init(argument:)`` before the command runs.
///
/// How a failed conversion is reported depends on what it throws: an ``ArgumentNamingError``
/// makes the error itself around the argument's name (`--holder is empty`); anything else
/// becomes a usage error quoting the word, `The value 'x' is invalid for '--at <time>': …`, with
/// the error's words after the colon: ErrorWording's for a typed error, else its
/// `LocalizedError.errorDescription`, else its description.
public protocol ExpressibleByArgument: Sendable {
  /// Reads one word from the command line.
  init(argument: String) throws

  /// The value as help shows it after `default:`; its description unless the type says otherwise.
  var defaultValueDescription: String { get }

  /// The only words the parser accepts, when not empty; anything else is a usage error listing
  /// them, before ``init(argument:)`` is called.
  static var allValueStrings: [String] { get }

  /// The words shell completion offers; ``allValueStrings`` unless the type knows its values
  /// without restricting the parser to them (codes read in any case and by aliases).
  static var completionValues: [String] { get }
}

extension ExpressibleByArgument {
  /// The value's description.
  public var defaultValueDescription: String { String(describing: self) }

  /// No list: ``init(argument:)`` decides alone.
  public static var allValueStrings: [String] { [] }

  /// The words the parser accepts, if it has a list.
  public static var completionValues: [String] { allValueStrings }
}

extension ExpressibleByArgument where Self: CaseIterable & RawRepresentable, RawValue == String {
  /// The case whose raw value is the word, in any case (`CSV` is `csv`).
  public init(argument: String) throws {
    guard
      let value = Self(rawValue: argument)
        ?? Self.allCases.first(where: { $0.rawValue.lowercased() == argument.lowercased() })
    else {
      throw ArgumentValueError(.notOneOf(Self.allValueStrings))
    }
    self = value
  }

  /// The raw value, as it is typed.
  public var defaultValueDescription: String { rawValue }

  /// The raw values: the parser refuses other words with a list of these.
  public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension String: ExpressibleByArgument {
  /// The word exactly as typed: paths and other text that spaces around may belong to.
  public init(argument: String) {
    self = argument
  }
}

/// An error from a conversion that is reported in words of its own about the argument, rather
/// than as "the value … is invalid": the parser supplies the argument's name once it knows it.
public protocol ArgumentNamingError: Error {
  /// The error to throw, given how messages name the argument: `--holder` for an option or a
  /// flag, `<card>` for a positional (its declared name, not its value name).
  func naming(_ argument: String) -> any Error
}

/// A value refused in a sentence about its argument, reported as a usage error:
/// `ArgumentValueError(.empty)` for `--holder` reads `--holder is empty`.
public struct ArgumentValueError: ArgumentNamingError, Sendable, Equatable {
  /// What is wrong with the value.
  public var problem: ArgumentProblem

  /// Refuses a value for `problem`, e.g. `.notAboveZero`.
  public init(_ problem: ArgumentProblem) {
    self.problem = problem
  }

  /// A validation error, which the parser reports as a usage error of the command.
  public func naming(_ argument: String) -> any Error {
    ValidationError(.refused(argument: argument, problem))
  }
}

/// A usage error raised by a command's own checks, in `validate()` or while it runs: the
/// replacement for swift-argument-parser's error of the same name. The parser and the command
/// line add the command's usage line, and the exit status is ``UsageError/exitCode``.
public struct ValidationError: Error, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var problem: UsageProblem

  /// Makes an error for `problem`.
  public init(_ problem: UsageProblem) {
    self.problem = problem
  }

  /// A command's own check, its sentence already in the run's language: `tr("…")`.
  public init(_ worded: String) {
    self.init(.command(worded))
  }

  /// The problem in English, so interpolating the error reads naturally.
  public var description: String { ErrorWording.words(problem, in: .english) }
}

extension ArgumentSpec {
  /// How sentences about the argument name it: `--holder`, or `<card>` for a positional, which
  /// unlike ``label`` uses the declared name rather than the value name.
  var nameInMessages: String {
    kind == .positional ? "<\(name)>" : "--\(name)"
  }

  /// Converts one word typed for this argument, turning a failure into the error to report.
  func convert<Value: ExpressibleByArgument>(_ word: String, to type: Value.Type) throws -> Value {
    do {
      return try Value(argument: word)
    } catch let error as any ArgumentNamingError {
      throw error.naming(nameInMessages)
    } catch {
      throw invalidValue(word, error)
    }
  }

  /// The usage error for a word this argument cannot take, for the reason `error` gives; the
  /// reason is worded with the rest when the error is printed.
  func invalidValue(_ word: String, _ error: any Error) -> ValidationError {
    ValidationError(.invalidValue(value: word, label: label, reason: error))
  }
}

/// A word the user typed, quoted for an error message: escaped and cut short like every value
/// wallet echoes. Card numbers are masked later, for the whole message at once.
func quotedWord(_ word: String) -> String {
  ShownValue.quoted(word, masksCardNumbers: false)
}
