import Foundation
import Testing

@testable import WalletCLI

/// The typed layer: declarations read from properties, values converted and validated.
struct ParsableArgumentsTests {
  enum Shade: String, CaseIterable, ExpressibleByArgument {
    case light, dark
  }

  /// A number that says why it refuses a word, in the three ways a conversion can.
  struct Count: ExpressibleByArgument, Equatable {
    let value: Int

    struct Unreadable: Error, CustomStringConvertible {
      var description: String { "not a whole number" }
    }

    struct Described: LocalizedError {
      var errorDescription: String? { "thirteen is unlucky" }
    }

    init(argument: String) throws {
      guard let value = Int(argument) else { throw Unreadable() }
      if value == 13 { throw Described() }
      if value < 0 { throw ArgumentValueError(.notACount) }
      self.value = value
    }

    init(_ value: Int) { self.value = value }

    var defaultValueDescription: String { "\(value)" }
  }

  /// An error of the command's own, which names the argument but is not a usage error.
  struct Refusal: ArgumentNamingError, Equatable {
    var argument = ""
    func naming(_ argument: String) -> any Error { Refusal(argument: argument) }
  }

  struct Secret: ExpressibleByArgument {
    init(argument: String) throws {
      if argument == "hunter2" { throw Refusal() }
    }
  }

  struct Output: ParsableArguments {
    @Option(short: "o", valueName: "file", help: "Where to write.") var out: String?
    @Flag(short: "q", help: "Say nothing.") var quiet: Bool

    mutating func validate() throws {
      if out == "" { throw ValidationError("--out needs a file name") }
    }
  }

  struct Sample: ParsableArguments {
    @Argument(help: "What to read.") var source: String
    @Argument(valueName: "n", help: "How many.") var count: Count?
    @Option(help: "The shade.") var shade: Shade = .light
    @Option(name: "max", help: "At most this many.") var maximum: Count
    @Option(valueName: "tag", help: "A tag; may be repeated.") var tags: [Count]
    @Option(help: "Only since.", defaultDescription: "forever") var sinceDay: Count?
    @Flag(help: "Go on after errors.") var skipInvalid: Bool
    @OptionGroup var output: Output
    @Option(help: "A secret.") var secret: Secret?

    mutating func validate() throws {
      if let count, count.value > maximum.value {
        throw ValidationError("<n> is more than --max")
      }
    }
  }

  static let required = ["in.csv", "--max", "5"]

  @Test func declarationsFollowThePropertiesInOrder() {
    let specs = Sample.argumentSpecs
    #expect(
      specs.map(\.name) == [
        "source", "count", "shade", "max", "tags", "since-day", "skip-invalid", "out", "quiet",
        "secret",
      ])
    #expect(specs[0] == .positional("source", help: "What to read."))
    #expect(specs[1] == .positional("count", valueName: "n", help: "How many.", required: false))
    #expect(
      specs[2]
        == .option(
          "shade", help: "The shade.", defaultValue: "light", allowedValues: ["light", "dark"]))
    #expect(specs[3] == .option("max", help: "At most this many.", required: true))
    #expect(
      specs[4]
        == .option("tags", valueName: "tag", help: "A tag; may be repeated.", repeatable: true))
    #expect(specs[5] == .option("since-day", help: "Only since.", defaultDescription: "forever"))
    #expect(specs[6] == .flag("skip-invalid", help: "Go on after errors."))
    #expect(specs[7] == .option("out", short: "o", valueName: "file", help: "Where to write."))
    #expect(specs[8] == .flag("quiet", short: "q", help: "Say nothing."))
  }

  @Test func helpComesFromTheDeclarations() {
    let command = CommandConfiguration(abstract: "Read things.").spec(
      "read", arguments: Sample.self)
    let parser = CommandLineParser(root: command)
    #expect(
      parser.usageLine(for: [])
        == "read <source> [<n>] [--shade <shade>] --max <max> [--tags <tag> ...] "
        + "[--since-day <since-day>] [--skip-invalid] [--out <file>] [--quiet] [--secret <secret>]")
    #expect(
      parser.helpText(for: []).contains("  --shade <shade>         The shade. (default: light)"))
  }

  @Test func valuesAreFilledIn() throws {
    let sample = try Sample.parse([
      "in.csv", "3", "--max", "5", "--shade", "dark", "--tags", "1", "--tags=2", "--since-day",
      "4", "--skip-invalid", "-o", "out.csv", "-q",
    ])
    #expect(sample.source == "in.csv")
    #expect(sample.count == Count(3))
    #expect(sample.shade == .dark)
    #expect(sample.maximum == Count(5))
    #expect(sample.tags == [Count(1), Count(2)])
    #expect(sample.sinceDay == Count(4))
    #expect(sample.skipInvalid)
    #expect(sample.output.out == "out.csv")
    #expect(sample.output.quiet)
  }

  @Test func leftOutValuesTakeTheirDefaults() throws {
    let sample = try Sample.parse(Self.required)
    #expect(sample.count == nil)
    #expect(sample.shade == .light)
    #expect(sample.tags.isEmpty)
    #expect(sample.sinceDay == nil)
    #expect(!sample.skipInvalid)
    #expect(sample.output.out == nil)
    #expect(!sample.output.quiet)
  }

  @Test(
    arguments: [
      (["--max", "x"], "The value 'x' is invalid for '--max <max>': not a whole number"),
      (["--max", "13"], "The value '13' is invalid for '--max <max>': thirteen is unlucky"),
      (["--max", "-1"], "--max must be a whole number greater than zero"),
      (["--max", "5", "-1"], "<count> must be a whole number greater than zero"),
      (["--max", "5", "x"], "The value 'x' is invalid for '<n>': not a whole number"),
      (
        ["--max", "5", "--tags", "1", "--tags", "y"],
        "The value 'y' is invalid for '--tags <tag>': not a whole number"
      ),
      (
        ["--max", "5", "--shade", "grey"],
        "The value 'grey' is invalid for '--shade <shade>'; expected one of: light, dark"
      ),
      (["--max", "2", "3"], "<n> is more than --max"),
      (["--max", "2", "--out="], "--out needs a file name"),
    ] as [([String], String)])
  func refusedValuesAreUsageErrorsOfTheCommand(_ argv: [String], message: String) {
    let error = Self.usageError { try Sample.parse(["in.csv"] + argv) }
    #expect(error?.description == message)
    #expect(error?.commandPath == [])
  }

  /// The usage error `body` throws, if it throws one.
  static func usageError(_ body: () throws -> Any) -> UsageError? {
    do {
      _ = try body()
      return nil
    } catch {
      return error as? UsageError
    }
  }

  /// The validation error `body` throws, if it throws one.
  static func validationError(_ body: () throws -> Any?) -> ValidationError? {
    do {
      _ = try body()
      return nil
    } catch {
      return error as? ValidationError
    }
  }

  @Test func theFirstBadValueInDeclarationOrderIsReported() {
    let error = Self.usageError { try Sample.parse(["in.csv", "-1", "--max", "x"]) }
    #expect(error?.description == "<count> must be a whole number greater than zero")
  }

  @Test func aConversionMayReportAnErrorOfItsOwn() {
    #expect(throws: Refusal(argument: "--secret")) {
      try Sample.parse(Self.required + ["--secret", "hunter2"])
    }
  }

  @Test func usageErrorsNameTheParsedCommand() throws {
    let parser = CommandLineParser(
      root: CommandSpec(
        "tool", abstract: "",
        subcommands: [
          CommandConfiguration(abstract: "Read.").spec("read", arguments: Sample.self)
        ]))
    guard case .run(_, let arguments) = try parser.parse(["read", "in.csv", "--max", "-1"]) else {
      Issue.record("expected a command to run")
      return
    }
    let error = Self.usageError { try Sample.parse(arguments) }
    #expect(error?.description == "--max must be a whole number greater than zero")
    #expect(error?.commandPath == ["read"])
  }

  struct Times: ParsableArguments {
    @Option(valueName: "time", help: "When.") var at: Count?
  }

  @Test func aGivenValueConvertsFurtherWithTheSameErrors() throws {
    let given = try Times.parse(["--at", "7"])
    #expect(try given.$at.convert { $0.value * 2 } == 14)
    #expect(
      Self.validationError { try given.$at.convert { _ in throw Count.Unreadable() } }?.description
        == "The value '7' is invalid for '--at <time>': not a whole number")
    #expect(
      Self.validationError {
        try given.$at.convert { _ in throw ArgumentValueError(.notAboveZero) }
      }?
      .description == "--at must be greater than zero")
    #expect(try Times.parse([]).$at.convert { $0.value } == nil)
  }

  @Test func aDeclarationIsNotAValue() {
    let declared = Sample()
    #expect(declared.shade == .light)
    #expect(declared.count == nil)
    #expect(declared.tags.isEmpty)
  }

  struct Unwrapped: ParsableArguments {
    @Flag(help: "") var force: Bool
    var extra = 0

    init() {}
    init(from decoder: any Decoder) throws {}
  }

  struct Twice: ParsableArguments {
    @Flag(help: "") var force: Bool
    @Option(name: "force", help: "") var other: String?
  }

  /// Expects an exit test to have stopped on a precondition whose message contains `reason`.
  private func expectTrapped(
    _ result: ExitTest.Result?, _ reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains(reason), "\(stderr)", sourceLocation: sourceLocation)
  }

  @Test func aPropertyThatDeclaresNoArgumentIsAProgrammerError() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      _ = Unwrapped.argumentSpecs
    }
    expectTrapped(result, "Unwrapped.extra is not an @Option, @Flag, @Argument or @OptionGroup")
  }

  @Test func twoArgumentsWithOneNameAreAProgrammerError() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      _ = CommandLineParser(root: CommandSpec("tool", abstract: "", arguments: Twice.argumentSpecs))
    }
    expectTrapped(result, "Duplicate argument names")
  }

  @Test func twoArgumentsWithOneNameTrapWhenTheCommandIsFirstRead() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      let twice = CommandConfiguration(abstract: "").spec("twice", arguments: Twice.self)
      let parser = CommandLineParser(
        root: CommandSpec(
          "tool", abstract: "", subcommands: [twice, CommandSpec("other", abstract: "")]))
      // Parsing another command leaves it alone; reading its arguments checks them.
      _ = try? parser.parse(["other"])
      _ = parser.command(at: ["twice"]).arguments
    }
    expectTrapped(result, "Duplicate argument names in [\"twice\", \"Twice\"]")
  }

  @Test func readingARequiredValueBeforeParsingIsAProgrammerError() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      _ = Sample().maximum
    }
    expectTrapped(result, "a required @Option was read before the command line was parsed")
  }

  @Test func argumentsParsedForAnotherCommandAreAProgrammerError() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      let parser = CommandLineParser(
        root: CommandSpec("tool", abstract: "", arguments: Times.argumentSpecs))
      guard case .run(_, let arguments) = try parser.parse([]) else { return }
      _ = try Sample.parse(arguments)
    }
    expectTrapped(result, "Sample does not declare the arguments of 'tool'")
  }

  @Test func onlyTheParserDecodesArguments() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      _ = try JSONDecoder().decode(Output.self, from: Data(#"{"out": "x", "quiet": true}"#.utf8))
    }
    expectTrapped(result, "arguments are only decoded from a command line")
  }
}
