#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard output and error: data to one, messages to the other.
///
/// Writes go straight to the file descriptors with `write(2)`, so that output interleaves in the
/// order it was produced and nothing waits in a `FILE*` buffer when the process exits.
public struct Console: Sendable {
  /// The descriptor data is written to.
  public let outputDescriptor: Int32
  /// The descriptor messages are written to.
  public let errorDescriptor: Int32

  /// The process's own standard output and error.
  public static let standard = Console(outputDescriptor: 1, errorDescriptor: 2)

  /// A console over two descriptors.
  public init(outputDescriptor: Int32, errorDescriptor: Int32) {
    self.outputDescriptor = outputDescriptor
    self.errorDescriptor = errorDescriptor
  }

  /// Writes data to standard output.
  public func output(_ text: String) {
    Console.writeAll(text, to: outputDescriptor)
  }

  /// Writes a message line to standard error.
  public func message(_ text: String) {
    Console.writeAll(text.hasSuffix("\n") ? text : text + "\n", to: errorDescriptor)
  }

  /// Whether standard error is a terminal, where progress and colour make sense.
  public var errorIsTerminal: Bool { isatty(errorDescriptor) == 1 }

  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool { isatty(outputDescriptor) == 1 }

  static func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          // A closed pipe (`wallet ... | head`) is not worth a crash or a second error.
          return
        }
        offset += written
      }
    }
  }
}
