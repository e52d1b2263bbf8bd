import Foundation
import Synchronization
import WalletCore
import WalletIngest
import WalletSQL
import WalletStore
import WalletTestSupport

/// Rows of a CSV output, every value a string, without the header.
typealias Rows = [[String]]

/// The decisions and rewards of one run, without headers.
struct Outputs: Equatable {
  var decisions: Rows
  var rewards: Rows
}

/// A scenario's three files written to a folder.
struct ScenarioFiles {
  let folder: TemporaryFolder
  let cards: String
  let enrollments: String
  let transactions: String

  init(_ scenario: SQLScenario) throws {
    folder = try TemporaryFolder()
    cards = try folder.write("cards.csv", scenario.cards.text)
    enrollments = try folder.write("enrollments.csv", scenario.enrollments.text)
    transactions = try folder.write("transactions.csv", scenario.transactions.text)
  }
}

/// The reference: what `wallet batch` writes, read back as rows. Decisions are sorted by
/// transaction id bytes, the query's order (batch keeps the input's, which SQL tables lack).
enum Batch {
  static func outputs(_ files: ScenarioFiles, promotion: Promotion) throws -> Outputs {
    let input = try BatchInput.load(
      cards: files.cards, enrollments: files.enrollments, transactions: files.transactions,
      naiveIn: promotion.timeZone, skipInvalid: false, progress: { _ in nil })
    let decided = RewardEngine(promotion: promotion).decide(input.ledger)
    let decisions = try csvRows(
      text { try DecisionsFile.write(decided, ledger: input.ledger, to: $0) })
    let rewards = try csvRows(
      text {
        try RewardsFile.write(decided, ledger: input.ledger, promotion: promotion, to: $0)
      })
    return Outputs(
      decisions: decisions.sorted {
        Array($0[0].utf8).lexicographicallyPrecedes(Array($1[0].utf8))
      },
      rewards: rewards)
  }

  private static func text(_ write: (CSVWriter) throws -> Void) throws -> [UInt8] {
    var bytes: [UInt8] = []
    let writer = CSVWriter(chunkSize: 4096) { bytes.append(contentsOf: $0) }
    try write(writer)
    try writer.flush()
    return bytes
  }
}

/// Parses CSV bytes into rows, dropping the header.
func csvRows(_ bytes: [UInt8]) throws -> Rows {
  let reader = CSVReader(bytes: bytes)
  var rows: Rows = []
  while let record = try reader.next() {
    rows.append(record.map { String(decoding: Array($0), as: UTF8.self) })
  }
  return Array(rows.dropFirst())
}

/// The compiled query run in process on SQLite, through the store's SQLite layer. Empty cells
/// are loaded as empty strings and absent columns as NULL, so both are exercised.
enum SQLiteEngine {
  static func outputs(_ scenario: SQLScenario, promotion: Promotion) throws -> Outputs {
    let database = try Database.inMemory()
    let all: [(String, CSVTable, [String])] = [
      ("cards", scenario.cards, ["card", "holder", "network", "type", "role", "issuer", "last4"]),
      (
        "enrollments", scenario.enrollments, ["id", "card", "channel", "enrolled_at", "removed_at"]
      ),
      (
        "transactions", scenario.transactions,
        [
          "id", "card", "time", "amount", "currency", "method", "status", "refunded",
          "enrollment", "merchant", "mcc",
        ]
      ),
    ]
    for (name, table, columns) in all {
      let list = columns.map { "\"\($0)\" TEXT" }.joined(separator: ", ")
      try database.execute("CREATE TABLE \(name) (\(list))")
      let marks = columns.map { _ in "?" }.joined(separator: ", ")
      for row in table.rows {
        let values: [(any DatabaseValueConvertible)?] = columns.map { column in
          table.columns.firstIndex(of: column).map { row[$0] }
        }
        try database.execute(
          "INSERT INTO \(name) (\(columns.map { "\"\($0)\"" }.joined(separator: ", ")))"
            + " VALUES (\(marks))", values)
      }
    }
    let query = PromotionQuery(promotion: promotion, dialect: .sqlite)
    func run(_ sql: String) throws -> Rows {
      try database.fetchAll(sql) { row in
        (0..<row.count).map { row.isNull(at: $0) ? "" : row.string(at: $0) }
      }
    }
    return Outputs(decisions: try run(query.decisions), rewards: try run(query.rewards))
  }

  /// The rows the validation query returns.
  static func validation(
    _ scenario: SQLScenario, promotion: Promotion,
    years: ClosedRange<Int> = PromotionQuery.defaultYears
  ) throws -> Rows {
    let database = try Database.inMemory()
    for (name, table) in [
      ("cards", scenario.cards), ("enrollments", scenario.enrollments),
      ("transactions", scenario.transactions),
    ] {
      try database.execute(
        "CREATE TABLE \(name) (\(table.columns.map { "\"\($0)\" TEXT" }.joined(separator: ", ")))"
      )
      for row in table.rows {
        try database.execute(
          "INSERT INTO \(name) VALUES (\(table.columns.map { _ in "?" }.joined(separator: ", ")))",
          row)
      }
    }
    let query = ValidationQuery(
      PromotionQuery(promotion: promotion, dialect: .sqlite, years: years))
    return try database.fetchAll(query.text) { row in
      (0..<row.count).map { row.isNull(at: $0) ? "" : row.string(at: $0) }
    }
  }
}

/// The compiled query run on DuckDB through tools/sql/run_query.py, with the Python that
/// `.ci/run` (and bench/run) give DuckDB: bench/.venv, or `$WALLET_SQL_PYTHON`.
enum DuckDBEngine {
  static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static let python: String? = {
    let candidates = [
      ProcessInfo.processInfo.environment["WALLET_SQL_PYTHON"],
      packageRoot.appendingPathComponent("bench/.venv/bin/python").path,
    ].compactMap { $0 }
    return candidates.first { candidate in
      guard FileManager.default.isExecutableFile(atPath: candidate) else { return false }
      return (try? run(candidate, ["-c", "import duckdb"])) != nil
    }
  }()

  /// Whether the tests must run: in CI a missing DuckDB is a failure, not a reason to skip.
  static var required: Bool { ProcessInfo.processInfo.environment["CI"] != nil }

  @discardableResult
  static func run(_ executable: String, _ arguments: [String]) throws -> String {
    // posix_spawn, as the binary is started: Foundation's Process can fail to start while
    // commands run in-process beside it (see WalletProcess).
    let result = try WalletProcess.runProgram(
      [executable] + arguments, environment: ["PATH": "/usr/bin:/bin"])
    guard result.status == 0 else { throw EngineError(message: result.stderr) }
    return result.stderr
  }

  static func outputs(_ files: ScenarioFiles, promotion: Promotion) async throws -> Outputs {
    guard python != nil else {
      throw EngineError(message: "no Python with duckdb: run .ci/run or bench/run once")
    }
    let query = PromotionQuery(promotion: promotion, dialect: .duckdb)
    return Outputs(
      decisions: try await rows(query.decisions, files: files, name: "decisions"),
      rewards: try await rows(query.rewards, files: files, name: "rewards"))
  }

  /// The rows of `sql` run on DuckDB over the files.
  static func rows(_ sql: String, files: ScenarioFiles, name: String) async throws -> Rows {
    guard let worker = nextWorker() else {
      throw EngineError(message: "no Python with duckdb: run .ci/run or bench/run once")
    }
    let queryFile = try files.folder.write("\(name).sql", sql)
    let out = files.folder.path("\(name).duckdb.csv")
    try await worker.run(
      cards: files.cards, enrollments: files.enrollments, transactions: files.transactions,
      query: queryFile, out: out)
    return try csvRows(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
  }

  /// Two Pythons for the whole run, one per core, taking queries in turn: starting Python and
  /// importing DuckDB for each query took most of the SQL tests' time.
  static let workers: [DuckDBWorker] =
    python.map { python in
      (0..<2).compactMap { _ in
        try? DuckDBWorker(
          python: python, tools: packageRoot.appendingPathComponent("tools/sql").path)
      }
    } ?? []

  private static let turn = Mutex(0)

  private static func nextWorker() -> DuckDBWorker? {
    guard !workers.isEmpty else { return nil }
    return turn.withLock { next in
      defer { next += 1 }
      return workers[next % workers.count]
    }
  }
}

/// A Python that runs queries on DuckDB, one at a time, through run_query.py's own `DuckDB`
/// tables (every value a string, as `wallet sql` expects): a line of JSON in (the three files,
/// the query's file, the output), `ok` or `error …` out. It ends when the test process does,
/// as its standard input closes.
final class DuckDBWorker: @unchecked Sendable {
  private static let script = """
    import json, sys, argparse
    sys.path.insert(0, sys.argv[1])
    import run_query
    for line in sys.stdin:
        request = json.loads(line)
        try:
            tables = run_query.DuckDB(argparse.Namespace(**request["files"]))
            # The tests' files are small: one thread each query, beside the tests' own.
            tables.con.execute("SET threads TO 1")
            with open(request["query"], encoding="utf-8") as handle:
                tables.run(handle.read(), request["out"])
            tables.con.close()
            print("ok", flush=True)
        except Exception as error:
            print("error " + json.dumps(str(error)), flush=True)
    """

  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  /// One request at a time, off the tests' threads.
  private let queue = DispatchQueue(label: "DuckDBWorker")
  private var pending = Data()

  init(python: String, tools: String) throws {
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-u", "-c", Self.script, tools]
    process.standardInput = input
    process.standardOutput = output
    try process.runRetryingStart()
  }

  /// Runs the query in `query` over the three files, writing its rows to `out`. The test
  /// awaits the answer without holding one of the few threads tests run on, so that other tests
  /// go on while DuckDB works.
  func run(cards: String, enrollments: String, transactions: String, query: String, out: String)
    async throws
  {
    let request: [String: Any] = [
      "files": ["cards": cards, "enrollments": enrollments, "transactions": transactions],
      "query": query, "out": out,
    ]
    let line = try JSONSerialization.data(withJSONObject: request) + [0x0A]
    let answer: String = try await withCheckedThrowingContinuation { continuation in
      queue.async {
        continuation.resume(
          with: Result {
            try self.input.fileHandleForWriting.write(contentsOf: line)
            return try self.readLine()
          })
      }
    }
    guard answer == "ok" else { throw EngineError(message: "DuckDB: \(answer)") }
  }

  private func readLine() throws -> String {
    while true {
      if let end = pending.firstIndex(of: 0x0A) {
        let line = String(decoding: pending[pending.startIndex..<end], as: UTF8.self)
        pending = Data(pending[(end + 1)...])
        return line
      }
      let chunk = output.fileHandleForReading.availableData
      guard !chunk.isEmpty else { throw EngineError(message: "DuckDB's Python ended") }
      pending.append(chunk)
    }
  }
}

/// An engine that failed to run a query.
struct EngineError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// The first differences between two sets of rows, as lines to read; empty when equal.
func differences(_ got: Rows, _ expected: Rows, limit: Int = 8) -> [String] {
  var lines: [String] = []
  if got.count != expected.count {
    lines.append("\(got.count) rows, expected \(expected.count)")
  }
  for index in 0..<max(got.count, expected.count) where lines.count < limit {
    let left = index < got.count ? got[index] : []
    let right = index < expected.count ? expected[index] : []
    if left != right { lines.append("row \(index + 1): \(left) expected \(right)") }
  }
  return lines
}
