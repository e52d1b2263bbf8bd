// Options several commands share, each declared once as a group that a command includes with
// @OptionGroup where help should list it. `--db` and `--promotion` are groups too, beside the
// code that uses them (StoreOptions.swift, CommandValues.swift).

/// `--format table|csv|json`, for the commands that print records.
struct FormatOption: ParsableArguments {
  /// How to print.
  @Option(help: "Output format: table, csv or json.") var format: OutputFormat = .table
}

/// `--format table|json`, for a report that is not a list of records and so has no CSV.
struct ReportFormatOption: ParsableArguments {
  /// How to print.
  @Option(help: "Output format: table or json.", allowedValues: [.table, .json])
  var format: OutputFormat = .table
}

/// `--quiet`, for the commands that report progress and a summary on standard error.
struct QuietOption: ParsableArguments {
  /// No progress or summary.
  @Flag(short: "q", help: "Print no progress or summary.") var quiet: Bool
}
