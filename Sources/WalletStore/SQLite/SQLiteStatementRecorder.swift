import Synchronization

/// The SQL of every statement the store's connections run while a test records them: how the
/// query-plan tests see all that a command asks of SQLite, opening included, without a list
/// kept by hand that a new query could escape.
///
/// A connection records into the recorder that is `current` when it opens, one set with
/// `recording(_:)` around the code that opens it, in the same task; outside tests there is
/// none, and a connection costs one task-local read at open.
package final class StatementRecorder: Sendable {
  /// The recorder of the connections opened now, in this task.
  @TaskLocal static var current: StatementRecorder?

  private let statements = Mutex<[String]>([])

  /// A recorder that has recorded nothing.
  package init() {}

  /// The SQL text of each statement run, in the order run, each once, with its parameters
  /// unbound.
  package var recorded: [String] {
    statements.withLock { statements in
      var seen: Set<String> = []
      return statements.filter { seen.insert($0).inserted }
    }
  }

  /// Runs `body`, recording the statements of every connection it opens.
  package func recording<T>(_ body: () throws -> T) rethrows -> T {
    try Self.$current.withValue(self, operation: body)
  }

  func record(_ sql: String) {
    statements.withLock { $0.append(sql) }
  }
}
