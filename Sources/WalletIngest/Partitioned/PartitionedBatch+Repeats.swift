import WalletCore

extension PartitionedBatch {
  /// A row whose id an earlier row has.
  struct RepeatFound {
    var position: Int
    var id: String
    var idLine: Int
    var firstLine: Int
  }

  /// Every row whose id an earlier row has, in order: the ids whose hashes repeat within a
  /// bucket (almost always none) are read back from the parts and compared byte by byte.
  func findRepeats(
    _ pieces: [Piece], in directory: TemporaryDirectory
  ) throws(FileError) -> [RepeatFound] {
    let suspects = try repeatedHashes(pieces, in: directory)
    guard !suspects.isEmpty else { return [] }
    // The lines of the suspects, where their pieces were read row by row; else line 0, as
    // rows read in parts do not say (such a piece is read again row by row).
    var lines: [Int: LineRecord] = [:]
    for piece in pieces where piece.hasLines {
      let reader = try WorkFileReader(path: directory.file(piece.linesFile))
      while var record = try reader.next(LineRecord.self) {
        record.position += Int64(piece.firstPosition)
        if suspects.contains(Int(record.position)) { lines[Int(record.position)] = record }
      }
    }
    var found: [(position: Int, id: [UInt8], rowLine: Int, idLine: Int)] = []
    for part in 0..<partitions {
      for piece in pieces {
        let reader = try WorkFileReader(path: directory.file(piece.partFile(part)))
        while let record = try reader.next(TransactionRecord.self) {
          guard let (id, _) = try reader.nextIDAndMerchant(record, keepsMerchants: keepsMerchants)
          else { break }
          let position = piece.firstPosition + Int(record.position)
          if suspects.contains(position) {
            let line = lines[position]
            found.append(
              (position, Array(id), Int(line?.rowLine ?? 0), Int(line?.idLine ?? 0)))
          }
        }
      }
    }
    found.sort { $0.position < $1.position }
    var first: [[UInt8]: Int] = [:]
    var repeats: [RepeatFound] = []
    for row in found {
      if let earlier = first[row.id] {
        repeats.append(
          RepeatFound(
            position: row.position, id: String(decoding: row.id, as: UTF8.self),
            idLine: row.idLine, firstLine: earlier))
      } else {
        first[row.id] = row.rowLine
      }
    }
    return repeats
  }

  /// The positions of the rows whose ids' hashes another row's has (almost always none), from
  /// the buckets' files alone.
  func repeatedHashes(
    _ pieces: [Piece], in directory: TemporaryDirectory
  ) throws(FileError) -> Set<Int> {
    var suspects = Set<Int>()
    var records: [IDRecord] = []
    var hashes: [UInt64] = []
    for bucket in 0..<Self.buckets(partitions: partitions) {
      records.removeAll(keepingCapacity: true)
      for piece in pieces {
        let reader = try WorkFileReader(path: directory.file(piece.bucketFile(bucket)))
        while var record = try reader.next(IDRecord.self) {
          record.position += Int64(piece.firstPosition)
          records.append(record)
        }
      }
      // The hashes alone, side by side, are grouped and checked on both cores; the records of
      // a hash that repeats are looked for after.
      hashes.removeAll(keepingCapacity: true)
      hashes.append(contentsOf: records.lazy.map(\.hash))
      let repeated = hashes.withUnsafeBufferPointer { RepeatedHashes.find(in: $0) }
      guard !repeated.isEmpty else { continue }
      for record in records where repeated.contains(record.hash) {
        suspects.insert(Int(record.position))
      }
    }
    return suspects
  }
}
