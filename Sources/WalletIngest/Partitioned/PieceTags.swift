import Foundation

/// Tags for the pieces read at once, each one different: they name the pieces' work files.
final class PieceTags: @unchecked Sendable {
  private let lock = NSLock()
  private var last = 0

  /// A tag no other piece has.
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    last += 1
    return last
  }
}
