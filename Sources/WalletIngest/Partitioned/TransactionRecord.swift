/// A transaction as a part's work file holds it, followed by its id's bytes (and, in a batch
/// keeping merchants, by its merchant's: see `PieceFiles.add(_:id:merchant:part:)`).
struct TransactionRecord: BitwiseCopyable {
  /// Its row's position among its piece's rows.
  var position: Int64
  /// The line its row starts on (read row by row only).
  var rowLine: Int64
  /// The line of its id field (read row by row only).
  var idLine: Int64
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
