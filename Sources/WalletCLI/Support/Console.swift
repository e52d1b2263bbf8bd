import Synchronization
import WalletCore
import WalletIngest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard output and error: data to one, messages to the other, and the one
/// place every byte meant for a person goes through.
///
/// Text for a person (`output`, `message`, `progress`) is escaped here: a control character
/// that reached a terminal raw could retitle the window, move the cursor or hide text, so every
/// C0 control but the line feed, DEL, C1 and the bidirectional overrides are written as
/// `\u{…}` (`TerminalText`). Data (`data`, `csvWriter`) is written as it is to a pipe or file,
/// and escaped the same way only when it is shown on a terminal.
///
/// Writes go straight to the file descriptors with `write(2)`, so that output interleaves in the
/// order it was produced and nothing waits in a buffer when the process exits. A write that
/// fails is remembered (`failure`), later writes to that stream are skipped, and the command
/// line turns the failure into exit status 74; a closed pipe (`wallet … | head`) is not a
/// failure, and the rest of the output is dropped quietly.
public struct Console: Sendable {
  /// The descriptor data is written to.
  public let outputDescriptor: Int32
  /// The descriptor messages are written to.
  public let errorDescriptor: Int32
  /// When set, standard output is taken for a terminal this many columns wide, whatever it is:
  /// how a test sees what a person at a terminal would.
  public let pretendedTerminalColumns: Int?
  private let health = StreamHealth()

  /// The process's own standard output and error.
  public static let standard = Console(outputDescriptor: 1, errorDescriptor: 2)

  /// A console over two descriptors; with `pretendedTerminalColumns`, one whose standard
  /// output is taken for a terminal that wide (for tests).
  public init(
    outputDescriptor: Int32, errorDescriptor: Int32, pretendedTerminalColumns: Int? = nil
  ) {
    self.outputDescriptor = outputDescriptor
    self.errorDescriptor = errorDescriptor
    self.pretendedTerminalColumns = pretendedTerminalColumns
  }

  /// Writes text for a person to standard output, escaped.
  public func output(_ text: String) {
    send(TerminalText.escaped(text, keepingStyle: false), to: .output)
  }

  /// Writes text for a person to standard output, keeping the colour escapes that `Style` itself
  /// writes when `style` is enabled, and only those.
  func output(_ text: String, style: Style) {
    send(TerminalText.escaped(text, keepingStyle: style.isEnabled), to: .output)
  }

  /// Writes data (JSON, CSV) to standard output: as it is, unless standard output is a
  /// terminal, where a person reads it and control characters are escaped.
  public func data(_ text: String) {
    send(
      outputIsTerminal
        ? TerminalText.escaped(text, keepingStyle: false, keepingCRLF: true) : text,
      to: .output)
  }

  /// Writes a message line to standard error, escaped.
  public func message(_ text: String) {
    // An interrupt ending the process says the last word (`Interruption`).
    Interruption.waitIfInterrupted()
    let line = text.hasSuffix("\n") ? text : text + "\n"
    send(TerminalText.escaped(line, keepingStyle: false), to: .error)
  }

  /// Redraws the progress line on standard error (a terminal): the line escaped, then a
  /// carriage return before it and an erase-to-end-of-line after it, which are the only
  /// controls wallet itself sends there.
  func progress(_ line: String) {
    send("\r" + TerminalText.escaped(line, keepingStyle: false) + "\u{1B}[K", to: .error)
  }

  /// A CSV writer to standard output whose writes this console checks like its own; on a
  /// terminal the bytes are escaped as `data` escapes them.
  func csvWriter() -> CSVWriter {
    let escapes = outputIsTerminal
    var carry: [UInt8] = []
    return CSVWriter { bytes in
      if escapes {
        var shown: [UInt8] = []
        TerminalText.append(
          bytes.assumingMemoryBound(to: UInt8.self), keepingStyle: false, keepingCRLF: true,
          carry: &carry, to: &shown)
        try shown.withUnsafeBytes { try writeAll($0, to: .output) }
      } else {
        try writeAll(bytes, to: .output)
      }
      if let failure = health.failure(of: .output) { throw CSVWriteError(code: failure) }
    }
  }

  /// Whether standard error is a terminal, where progress and colour make sense.
  public var errorIsTerminal: Bool { isatty(errorDescriptor) == 1 }

  /// Whether standard output still takes writes: false once its reader has gone (`| head`) or
  /// a write failed, so that a long listing stops instead of formatting rows nobody reads.
  var outputIsOpen: Bool { health.isOpen(.output) }

  /// Whether standard output is a terminal.
  public var outputIsTerminal: Bool {
    pretendedTerminalColumns != nil || isatty(outputDescriptor) == 1
  }

  /// The width of the terminal standard output is, in columns, as the terminal gives it
  /// (`TIOCGWINSZ`); nil when it is no terminal or does not say.
  var terminalColumns: Int? {
    if let pretendedTerminalColumns { return pretendedTerminalColumns }
    var size = winsize()
    guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
      return nil
    }
    return Int(size.ws_col)
  }

  /// The first write that failed, as the stream and its `errno`; nil when every write went
  /// through or only met a closed pipe.
  public var failure: (stream: Stream, code: Int32)? {
    if let code = health.failure(of: .output) { return (.output, code) }
    if let code = health.failure(of: .error) { return (.error, code) }
    return nil
  }

  /// True the first time it is asked after a write failed, false after that: a failure is
  /// reported once, even when a command runs others on the same console (the demo).
  func claimFailureReport() -> Bool { health.claimReport() }

  /// One of the console's two streams.
  public enum Stream: Sendable {
    /// Standard output.
    case output
    /// Standard error.
    case error

    /// The stream's name in a message.
    public var name: String { self == .output ? "standard output" : "standard error" }
  }

  private func send(_ text: String, to stream: Stream) {
    var text = text
    text.withUTF8 { bytes in try? writeAll(UnsafeRawBufferPointer(bytes), to: stream) }
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer, to stream: Stream) throws {
    guard health.isOpen(stream) else { return }
    do {
      try CSVWriter.writeAll(bytes, to: stream == .output ? outputDescriptor : errorDescriptor)
    } catch let error as CSVWriteError {
      health.record(error.code, on: stream)
    }
  }
}

/// What became of each stream's writes, shared by every copy of a `Console`: commands pass the
/// console by value, and the command line looks at the same record when the command returns.
private final class StreamHealth: Sendable {
  private struct State {
    var outputFailure: Int32?
    var errorFailure: Int32?
    var outputClosed = false
    var errorClosed = false
    var reported = false
  }

  private let state = Mutex(State())

  func isOpen(_ stream: Console.Stream) -> Bool {
    state.withLock { state in
      stream == .output
        ? state.outputFailure == nil && !state.outputClosed
        : state.errorFailure == nil && !state.errorClosed
    }
  }

  func failure(of stream: Console.Stream) -> Int32? {
    state.withLock { stream == .output ? $0.outputFailure : $0.errorFailure }
  }

  func claimReport() -> Bool {
    state.withLock { state in
      defer { state.reported = true }
      return !state.reported
    }
  }

  /// Remembers a failed write; a closed pipe only closes the stream, since its reader has seen
  /// all it wanted.
  func record(_ code: Int32, on stream: Console.Stream) {
    state.withLock { state in
      switch (stream, code == EPIPE) {
      case (.output, true): state.outputClosed = true
      case (.output, false): state.outputFailure = state.outputFailure ?? code
      case (.error, true): state.errorClosed = true
      case (.error, false): state.errorFailure = state.errorFailure ?? code
      }
    }
  }
}
