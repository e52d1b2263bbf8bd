import WalletCore
import WalletSQL

/// `wallet sql`: the promotion compiled to one SQL query that decides every transaction as
/// `wallet batch` does, for a bank whose data lives in Spark, DuckDB or SQLite.
struct SQLCommand: WalletCommand {
  static let path = ["sql"]

  static let configuration = CommandConfiguration(
    abstract: "Print one SQL query that decides every transaction as 'wallet batch' does.",
    discussion: """
      The query reads tables (or views) named cards, enrollments and transactions whose columns \
      are the CSV header names in lower case, every value a string, as a CSV file read without \
      type inference gives them; an optional column left out of a file must still be there, all \
      NULL. It returns the decisions rows (with --rewards, the rewards rows), every value \
      written as batch writes it: decisions sorted by transaction id, rewards by holder and \
      ordinal. Trimming, defaults, codes, network aliases, amounts and ISO-8601 times (with \
      the promotion's time zone, carried in the query as a table of its offsets for --years) \
      are all worked out inside the query. It assumes input that batch accepts: run the query \
      printed with --validation first, which returns the rows batch would refuse \
      (file, row id, column, problem), and decide only when it returns none. Checked on Spark \
      4.3.0, DuckDB 2.0.1 and SQLite 3.40.1 against batch's own decisions; see the README for how \
      to run it on a cluster with spark-submit.
      """)

  @Option(
    valueName: "file-or-id", help: "A promotion JSON file, or the id of a built-in promotion.",
    defaultDescription: Promotion.bocomApplePayMonthly.id.rawValue,
    completion: Completion.idsOrFiles(Promotion.builtIn.map(\.id.rawValue)))
  var promotion: FileName?
  @Option(valueName: "engine", help: "The SQL dialect to write.") var dialect: SQLDialect
  @Flag(help: "Return the rewards rows instead of the decisions rows.") var rewards: Bool
  @Flag(help: "Print the query that returns the rows batch would refuse, with the reason.")
  var validation: Bool
  @Option(
    valueName: "first-last",
    help: "The years whose daylight-saving changes the query carries (e.g. 2020-2030).")
  var years: YearSpan = YearSpan(PromotionQuery.defaultYears)

  func run(context: CommandContext) throws -> ExitStatus {
    if rewards && validation {
      throw ValidationError(tr("--rewards and --validation cannot be used together"))
    }
    let promotion = try PromotionSource.resolve(self.promotion?.path)
    let query = PromotionQuery(promotion: promotion, dialect: dialect, years: years.range)
    let text =
      validation ? ValidationQuery(query).text : query.query(rewards ? .rewards : .decisions)
    context.console.data(text)
    return .success
  }
}

extension SQLDialect: ExpressibleByArgument {
  /// Every dialect, as typed.
  public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

/// A span of whole years on the command line: `2020-2030`, or one year `2026`.
struct YearSpan: ExpressibleByArgument, CustomStringConvertible {
  /// The years.
  let range: ClosedRange<Int>

  init(_ range: ClosedRange<Int>) {
    self.range = range
  }

  init(argument: String) throws {
    let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      let first = Int(parts[0]), let last = Int(parts[parts.count - 1]),
      (1678...2261).contains(first), (1678...2261).contains(last), first <= last
    else {
      throw ArgumentValueError(.notAYearSpan)
    }
    range = first...last
  }

  var description: String { "\(range.lowerBound)-\(range.upperBound)" }
}
