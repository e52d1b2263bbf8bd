import Foundation
import WalletIngest

/// Shows how far a long read has got — rows, rate and, when the file's size is known, time left
/// — on standard error, redrawing one line. Only when standard error is a terminal and the user
/// did not ask for quiet: logs and pipes never see it.
final class ProgressReporter: ReadProgress {
  private let console: Console
  private let label: String
  private let totalBytes: Int
  private let started = Date()
  private var lastDrawn = Date.distantPast

  /// A reporter, or nil when progress should not be shown.
  /// `totalBytes` is the input's size (0 when unknown, as for a pipe), from which the time left
  /// is worked out.
  static func make(console: Console, quiet: Bool, label: String, totalBytes: Int = 0)
    -> ProgressReporter?
  {
    guard !quiet, console.errorIsTerminal else { return nil }
    return ProgressReporter(console: console, label: label, totalBytes: totalBytes)
  }

  private init(console: Console, label: String, totalBytes: Int) {
    self.console = console
    self.label = label
    self.totalBytes = totalBytes
  }

  /// Redraws the line, at most ten times a second, after `rows` rows and `bytes` bytes read.
  func update(rows: Int, bytes: Int) {
    let now = Date()
    guard now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
    lastDrawn = now
    let line = Self.line(
      label: label, rows: rows, bytes: bytes, totalBytes: totalBytes,
      elapsed: now.timeIntervalSince(started))
    console.progress(line)
  }

  /// The progress line: `transactions: 1,234,567 rows, 400,000/s, about 3 s left`. The time
  /// left assumes the rest of the file reads at the rate so far.
  static func line(label: String, rows: Int, bytes: Int, totalBytes: Int, elapsed: Double)
    -> String
  {
    let elapsed = max(elapsed, 0.001)
    let (count, rate) = (grouped(rows), grouped(Int(Double(rows) / elapsed)))
    if totalBytes > 0, bytes > 0, bytes < totalBytes {
      let secondsLeft = Double(totalBytes - bytes) / (Double(bytes) / elapsed)
      let left = grouped(Int(secondsLeft.rounded(.up)))
      return tr("\(label): \(count) rows, \(rate)/s, about \(left) s left")
    }
    return tr("\(label): \(count) rows, \(rate)/s")
  }

  /// Replaces the line with `text` after the label, at once: a stage with no count to show.
  func show(_ text: String) {
    console.progress(tr("\(label): \(text)"))
  }

  /// Clears the line once the work is done.
  func finish(rows: Int) {
    console.progress("")
  }

  /// What a read of a file of `kind` is called on its progress line.
  static func label(for kind: InputKind) -> String {
    switch kind {
    case .cards: tr("cards")
    case .enrollments: tr("enrollments")
    case .transactions: tr("transactions")
    case .postings: tr("postings")
    }
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
