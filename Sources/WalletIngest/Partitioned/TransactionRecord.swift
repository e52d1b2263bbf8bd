/// A transaction as a part's work file holds it, followed by its id's bytes (and, in a batch
/// keeping merchants, by its merchant's: see `PieceFiles.add(_:id:merchant:part:)`). The lines
/// of a row read row by row, which only a message needs, are in a file of their own
/// (`LineRecord`), so that the rows of a file read in parts, nearly every row, do not write
/// 16 bytes of zeros each.
struct TransactionRecord: BitwiseCopyable {
  /// Its row's position among its piece's rows.
  var position: Int64
  var time: Int64
  var amount: Int64
  var refunded: Int64
  var card: Int32
  var enrollment: Int32
  var idLength: Int32
  var currency: UInt16
  var mcc: Int16
  var method: UInt8
  var status: UInt8
}

extension TransactionRecord {
  /// Stores the record's bytes at `destination` (unaligned), as `storeBytes(of:)` would: each
  /// field on its own, at its offset in the layout (`fieldOffsets`), so that a record made of
  /// values in registers goes straight to the buffer. Stored whole, it was first written to the
  /// stack field by field and read back 16 bytes at a time, which the processor cannot forward
  /// from the narrower stores: a third of the time of writing a piece's rows.
  @inline(__always)
  func store(at destination: UnsafeMutableRawPointer) {
    destination.storeBytes(of: position, toByteOffset: 0, as: Int64.self)
    destination.storeBytes(of: time, toByteOffset: 8, as: Int64.self)
    destination.storeBytes(of: amount, toByteOffset: 16, as: Int64.self)
    destination.storeBytes(of: refunded, toByteOffset: 24, as: Int64.self)
    destination.storeBytes(of: card, toByteOffset: 32, as: Int32.self)
    destination.storeBytes(of: enrollment, toByteOffset: 36, as: Int32.self)
    destination.storeBytes(of: idLength, toByteOffset: 40, as: Int32.self)
    destination.storeBytes(of: currency, toByteOffset: 44, as: UInt16.self)
    destination.storeBytes(of: mcc, toByteOffset: 46, as: Int16.self)
    destination.storeBytes(of: method, toByteOffset: 48, as: UInt8.self)
    destination.storeBytes(of: status, toByteOffset: 49, as: UInt8.self)
  }

  /// The offsets `store(at:)` writes the fields at, in declaration order, and the record's
  /// size: what `MemoryLayout` gives them (a test checks).
  static let fieldOffsets = [0, 8, 16, 24, 32, 36, 40, 44, 46, 48, 49]
}

/// The lines of a row read row by row, in a piece's lines file: what a message about a
/// repeated id names.
struct LineRecord: BitwiseCopyable {
  /// The row's position among its piece's rows.
  var position: Int64
  /// The line its row starts on.
  var rowLine: Int64
  /// The line of its id field.
  var idLine: Int64
}
