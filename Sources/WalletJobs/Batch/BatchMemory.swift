#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How much memory a batch would take, and what it is allowed: whether it runs in memory or in
/// parts on disk, and in how many (docs/design/batch.md; the measurements are in bench/).
package enum BatchMemory {
  /// The memory a batch reading every transaction at once takes per byte of the transactions
  /// file, in quarters.
  package static let quartersPerTransactionByte = 5

  /// The same for the cards and enrollments files, which every part holds, in bytes.
  package static let bytesPerCardByte = 3

  /// What the process takes before any input.
  package static let fixedBytes = 48 << 20

  /// The default limit: half of the physical memory.
  package static var defaultLimit: Int {
    let pages = sysconf(Int32(_SC_PHYS_PAGES))
    let size = sysconf(Int32(_SC_PAGESIZE))
    guard pages > 0, size > 0 else { return 4 << 30 }
    return pages * size / 2
  }

  /// The size of the file at `path`, or 0 when unknown.
  package static func size(of path: String) -> Int {
    var status = stat()
    guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return 0 }
    return Int(status.st_size)
  }

  /// The memory of the cards and enrollments (and the process itself), which every part holds.
  package static func shared(cardsBytes: Int, enrollmentsBytes: Int) -> Int {
    fixedBytes + (cardsBytes + enrollmentsBytes) * bytesPerCardByte
  }

  /// The memory a batch of every transaction at once would take.
  package static func need(cardsBytes: Int, enrollmentsBytes: Int, transactionsBytes: Int) -> Int {
    shared(cardsBytes: cardsBytes, enrollmentsBytes: enrollmentsBytes)
      + transactionsBytes * quartersPerTransactionByte / 4
  }

  /// How many parts keep each one's transactions within what `limit` leaves beside the cards
  /// and enrollments: a quarter more than the even split, as holders do not divide evenly. Nil
  /// when no number can, as the program with the cards and enrollments alone takes the limit.
  /// It may be more than batch makes (`PartitionedBatch.maximumPartitions`).
  package static func partsNeeded(
    cardsBytes: Int, enrollmentsBytes: Int, transactionsBytes: Int, limit: Int
  ) -> Int? {
    let room = limit - shared(cardsBytes: cardsBytes, enrollmentsBytes: enrollmentsBytes)
    guard room > 0 else { return nil }
    let transactions = transactionsBytes * quartersPerTransactionByte * 5 / 16
    return max(transactions / room + (transactions % room == 0 ? 0 : 1), 2)
  }

  /// Where the work files go: beside the rewards output, or in `TMPDIR` when it goes to
  /// standard output.
  package static func workParent(output: String, environment: [String: String]) -> String {
    guard output != "-" else {
      let temporary = environment["TMPDIR"] ?? ""
      return temporary.isEmpty ? "/tmp" : temporary
    }
    guard let slash = output.lastIndex(of: "/") else { return "." }
    return slash == output.startIndex ? "/" : String(output[..<slash])
  }
}
