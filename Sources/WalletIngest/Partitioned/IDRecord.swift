/// An id's hash beside its row's position, in a bucket file.
struct IDRecord: BitwiseCopyable {
  var hash: UInt64
  var position: Int64
}
