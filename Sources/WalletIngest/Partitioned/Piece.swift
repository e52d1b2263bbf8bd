import WalletCore

/// One piece of the transactions file as partitioned: its work files are named by `tag`.
struct Piece: Sendable {
  /// What its work files' names end with.
  var tag: Int
  /// The position of its first row among all the rows read.
  var firstPosition = 0
  /// Its rows.
  var rows = 0
  /// Its rows in each part.
  var counts: [Int]
  /// Its bytes in each part's work file.
  var bytes: [Int]
  /// The currencies its records name, by their index.
  var currencies: [Currency]
  /// Whether it has a lines file (`linesFile`): rows read row by row.
  var hasLines = false
  /// Its rows read and checked but written to no part (`PieceFiles.leaveOut(id:)`).
  var belowMinimum = 0

  /// The work file of its transactions of part `part`.
  func partFile(_ part: Int) -> String { "p\(part).\(tag)" }
  /// The work file of its ids' hashes in bucket `bucket`.
  func bucketFile(_ bucket: Int) -> String { "b\(bucket).\(tag)" }
  /// The work file of its rows' parts, a byte a row.
  var routingFile: String { "r\(tag)" }
  /// The work file of the lines of its rows (`LineRecord`), when read row by row.
  var linesFile: String { "l\(tag)" }
}
