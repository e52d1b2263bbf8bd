import Foundation

/// Shows how far a long read has got — rows, rate and, when the total is known, time left — on
/// standard error, redrawing one line. Only when standard error is a terminal and the user did
/// not ask for quiet: logs and pipes never see it.
final class ProgressReporter {
  private let console: Console
  private let label: String
  private let expectedRows: Int?
  private let started = Date()
  private var lastDrawn = Date.distantPast

  /// A reporter, or nil when progress should not be shown.
  static func make(console: Console, quiet: Bool, label: String, expectedRows: Int? = nil)
    -> ProgressReporter?
  {
    guard !quiet, console.errorIsTerminal else { return nil }
    return ProgressReporter(console: console, label: label, expectedRows: expectedRows)
  }

  private init(console: Console, label: String, expectedRows: Int?) {
    self.console = console
    self.label = label
    self.expectedRows = expectedRows
  }

  /// Redraws the line, at most ten times a second.
  func update(rows: Int) {
    let now = Date()
    guard now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
    lastDrawn = now
    let elapsed = max(now.timeIntervalSince(started), 0.001)
    let rate = Double(rows) / elapsed
    var line = "\r\(label): \(Self.grouped(rows)) rows, \(Self.grouped(Int(rate)))/s"
    if let expectedRows, rate > 0, expectedRows > rows {
      line += ", about \(Int((Double(expectedRows - rows) / rate).rounded(.up))) s left"
    }
    Console.writeAll(line + "\u{1B}[K", to: console.errorDescriptor)
  }

  /// Clears the line once the work is done.
  func finish(rows: Int) {
    Console.writeAll("\r\u{1B}[K", to: console.errorDescriptor)
  }

  /// `1234567` as `1,234,567`.
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (number < 0 ? "-" : "") + result
  }
}
