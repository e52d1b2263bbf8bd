/// Told how far a long read has got, so that the command line can show it; a read given none
/// shows nothing. Called from the threads that read the parts of a file, one at a time.
package protocol ReadProgress: AnyObject {
  /// `rows` rows and `bytes` bytes of the input have been read so far.
  func update(rows: Int, bytes: Int)
  /// The read is over, after `rows` rows.
  func finish(rows: Int)
}
