import Foundation
import WalletCLI
import WalletTestSupport

/// A console whose two streams go to unnamed temporary files, so that a command run in the test
/// process writes through the same descriptors and escaping as it does in the binary, and the
/// test reads back exactly the bytes it wrote.
final class CapturingConsole {
  /// The console to hand to the command.
  let console: Console
  private let outputDescriptor: Int32
  private let errorDescriptor: Int32

  /// Opens the two files the console writes to; with `terminalColumns`, the console takes its
  /// standard output for a terminal that wide, as a person's window would be.
  init(terminalColumns: Int? = nil) throws {
    outputDescriptor = try Self.unnamedFile()
    errorDescriptor = try Self.unnamedFile()
    console = Console(
      outputDescriptor: outputDescriptor, errorDescriptor: errorDescriptor,
      pretendedTerminalColumns: terminalColumns)
  }

  deinit {
    close(outputDescriptor)
    close(errorDescriptor)
  }

  /// Everything written on standard output so far, as text.
  var output: String { Self.text(of: outputDescriptor) }
  /// Everything written on standard error so far, as text.
  var errors: String { Self.text(of: errorDescriptor) }

  /// A file opened for reading and writing and unlinked at once, so that nothing is left
  /// behind whatever becomes of the test.
  static func unnamedFile(holding bytes: [UInt8] = []) throws -> Int32 {
    let folder = ScratchSpace.root.path
    var template = Array("\(folder)/wallet-console-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    unlink(template)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
      written += count
    }
    lseek(descriptor, 0, SEEK_SET)
    return descriptor
  }

  private static func text(of descriptor: Int32) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    var offset: off_t = 0
    while true {
      let count = chunk.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress, $0.count, offset)
      }
      guard count > 0 else { break }
      bytes += chunk[..<count]
      offset += off_t(count)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
