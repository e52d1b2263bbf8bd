import CFuzzing
import WalletIngest

/// The libFuzzer harness for `CSVReader`: every input is read to its end (or first error) whole,
/// a byte at a time and in small chunks, which must all give the same records and the same error;
/// the records read are written with `CSVWriter` and read back, which must give them again; and
/// the input is read as each of the SPEC's input files by the row readers (`RowReaders`). Any
/// disagreement stops the process with a message.
///
/// Built and run by `.ci/fuzz`; a build without `-sanitize=fuzzer` only says so and exits 1.
@main
enum FuzzCSV {
  /// Hands the process's arguments to libFuzzer's driver, which calls `fuzzCSV(_:_:)`.
  static func main() {
    wallet_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzCSV)
  }
}

/// One fuzz input, as libFuzzer calls it; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // All of the input in one chunk (what the default, much larger chunk would do, but cheaper).
  let whole = read(bytes, chunkSize: max(size, 1), checkingFields: true)
  for chunkSize in [1, 2 + size % 13] {
    let chunked = read(bytes, chunkSize: chunkSize, checkingFields: false)
    require(
      chunked == whole,
      "\(chunkSize)-byte chunks give \(chunked), whole input \(whole), for \(bytes)")
  }
  checkRewrite(whole, chunkSize: 1 + size % 64)
  if let disagreement = RowReaders.firstDisagreement(in: bytes) {
    fail("\(disagreement), for \(bytes)")
  }
  return 0
}

/// One field as read: its bytes and where it starts.
private struct FieldCopy: Equatable, CustomStringConvertible {
  var bytes: [UInt8]
  var line: Int
  var column: Int

  var description: String { "\(line):\(column) \(bytes)" }
}

/// Everything a reader gave for one input: the records, and the error that ended them, if any.
private struct Reading: Equatable, CustomStringConvertible {
  var records: [[FieldCopy]] = []
  var recordLines: [Int] = []
  var error: CSVSyntaxError?

  var description: String {
    "\(records.count) records \(records), error \(String(describing: error))"
  }
}

/// Reads all of `bytes`, checking what each record (and, if asked, field) says of itself.
private func read(_ bytes: [UInt8], chunkSize: Int, checkingFields: Bool) -> Reading {
  let reader = CSVReader(bytes: bytes, chunkSize: chunkSize)
  var reading = Reading()
  var lastLine = 0
  while true {
    let record: CSVRecord
    do {
      guard let next = try reader.next() else { break }
      record = next
    } catch {
      reading.error = error
      // The reader has lost its place: every later call throws the same error.
      let again = Result { () throws(CSVSyntaxError) in try reader.next() }.map { $0?.line }
      require(again == .failure(error), "after \(error), next() gives \(again)")
      break
    }
    require(!record.isEmpty, "a record without fields")
    require(record.line > lastLine, "record on line \(record.line) after line \(lastLine)")
    var fields: [FieldCopy] = []
    fields.reserveCapacity(record.count)
    for (index, field) in record.enumerated() {
      if checkingFields { check(field, index: index, recordLine: record.line) }
      fields.append(FieldCopy(bytes: Array(field), line: field.line, column: field.column))
      lastLine = field.line
    }
    reading.records.append(fields)
    reading.recordLines.append(record.line)
  }
  return reading
}

/// Checks that a field's accessors agree with each other and with the reader's rules.
private func check(_ field: CSVField, index: Int, recordLine: Int) {
  let bytes = Array(field)
  require(field.column == index + 1, "field \(index) says column \(field.column)")
  require(field.line >= recordLine, "field on line \(field.line) of a record on \(recordLine)")
  require(bytes.count <= CSVReader.maximumFieldLength, "a field of \(bytes.count) bytes")
  require(!bytes.contains(0), "a field with a NUL byte")
  require(field.string.utf8.elementsEqual(bytes), "a field that is not UTF-8: \(bytes)")
  require(field.withUnsafeBytes { $0.elementsEqual(bytes) }, "withUnsafeBytes differs: \(bytes)")
  require(field.indices.allSatisfy { field[$0] == bytes[$0] }, "subscript differs: \(bytes)")
  var low = 0
  var high = bytes.count
  while low < high && (bytes[low] == 0x20 || bytes[low] == 0x09) { low += 1 }
  while high > low && (bytes[high - 1] == 0x20 || bytes[high - 1] == 0x09) { high -= 1 }
  let trimmed = bytes[low..<high]
  require(field.trimmed().elementsEqual(trimmed), "trimmed() differs: \(bytes)")
  require(field.trimmedString.utf8.elementsEqual(trimmed), "trimmedString differs: \(bytes)")
}

/// Writes the records read with `CSVWriter` and reads them back: the same fields must come back,
/// without an error.
private func checkRewrite(_ reading: Reading, chunkSize: Int) {
  var output: [UInt8] = []
  let writer = CSVWriter(chunkSize: chunkSize) { output.append(contentsOf: $0) }
  do {
    for record in reading.records {
      for field in record { try writer.writeField(bytes: field.bytes) }
      try writer.endRecord()
    }
    try writer.flush()
  } catch {
    fail("writing to memory failed: \(error)")
  }
  let reread = read(output, chunkSize: max(output.count, 1), checkingFields: false)
  require(reread.error == nil, "the rewritten records do not read: \(reread), from \(output)")
  require(
    reread.records.map { $0.map(\.bytes) } == reading.records.map { $0.map(\.bytes) },
    "the rewritten records read back as \(reread), not \(reading), from \(output)")
}

/// Stops the process with `message` unless `condition` holds. Unlike `precondition`, it keeps the
/// message in an optimised build, so that a crash says what disagreed.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
  if !condition { fail(message()) }
}

/// Stops the process with `message`, which an optimised build keeps.
private func fail(_ message: String) -> Never {
  fatalError(message)
}
