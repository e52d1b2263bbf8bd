import Dispatch
import Foundation
import WalletCore

/// Reads a large CSV file in parts (two halves, or more), one per core at a time: on a bank's
/// batch reading CSV is most of the work, and rows are independent once the files they refer to
/// are known.
///
/// Only the common case is taken: a file that is valid throughout. Each part after the first
/// starts just after a line break; if that break was inside a quoted field, the part before
/// ends inside a quote and fails. On any failure at all — that, a bad row, a repeated id — the
/// caller gives up on parts and reads the file from the start the ordinary way, which reports
/// exactly what is wrong, on which line, as it always has. So the speed-up never changes a
/// message.
package enum FileParts {
  /// Files smaller than this are read in one go: two threads would not pay for themselves. A
  /// batch may be given a smaller size (`BatchRequest.smallestFileInPieces`), so that tests can
  /// send small files down this path.
  package static let minimumFileSize = 8 << 20

  /// What `readHalf` made of each half, first half first; nil when the file is smaller than
  /// `smallest` bytes or either half failed. `readHalf` gets a reader positioned at the half's first row, the file's
  /// header, and how many bytes of rows its result should have room for (the whole file's for
  /// the first half, to which the second is appended), and returns nil at the first problem of
  /// any kind.
  static func read<Part: Sendable>(
    _ file: InputFile, kind: InputKind, smallest: Int,
    _ readHalf: @escaping @Sendable (CSVScanner, CSVColumns, _ roomForBytes: Int) -> Part?
  ) -> (first: Part, second: Part)? {
    guard let parts = read(file, kind: kind, parts: 2, smallest: smallest, readHalf),
      parts.count == 2
    else {
      return nil
    }
    return (parts[0], parts[1])
  }

  /// What `readPart` made of each of up to `count` consecutive parts of the file, in file
  /// order; nil when the file is small, cannot be cut in two, or any part failed. A file is cut
  /// just after the first line break at or after each of `count - 1` evenly spaced offsets; a
  /// cut that would fall in a part already cut (a short file, long lines) is left out. Parts
  /// are handed to the cores as they free up (as many at once as there are cores), so with
  /// more parts than cores a core that is slowed down (by another process, or by slower pages)
  /// takes fewer of them instead of keeping the other waiting. `readPart` is called as for
  /// `read(_:kind:_:)`, with room for the whole file in the first part. A file smaller than
  /// `smallest` bytes is not cut.
  ///
  /// `alongside`, when given, runs once on the cores too, after every part has been started:
  /// on the first core to run out of parts, which would otherwise wait for the last part to
  /// end. It is not run when the file is not cut.
  static func read<Part: Sendable>(
    _ file: InputFile, kind: InputKind, parts count: Int, smallest: Int,
    alongside: (@Sendable () -> Void)? = nil,
    _ readPart: @escaping @Sendable (CSVScanner, CSVColumns, _ roomForBytes: Int) -> Part?
  ) -> [Part]? {
    guard let plan = Plan(file, kind: kind, parts: count, smallest: smallest) else { return nil }
    var parts = [Part?](repeating: nil, count: plan.count)
    parts.withUnsafeMutableBufferPointer { parts in
      let parts = UnsafeSendableBuffer(parts)
      // The cores take iterations in order, so the task alongside is taken last.
      let tasks = plan.count + (alongside == nil ? 0 : 1)
      DispatchQueue.concurrentPerform(iterations: tasks) { task in
        guard task < plan.count else { return alongside!() }
        parts.buffer[task] = plan.read(task, readPart)
      }
    }
    let read = parts.compactMap { $0 }
    return read.count == plan.count ? read : nil
  }

  /// Two files read in halves at once, four halves on the cores as they free up: what
  /// `read(_:kind:smallest:_:)` makes of each, or nil for a file that it gives nil for. So that
  /// neither file's last half keeps a core waiting while the other file could be read.
  static func readHalves<First: Sendable, Second: Sendable>(
    _ firstFile: InputFile, kind firstKind: InputKind,
    _ readFirst: @escaping @Sendable (CSVScanner, CSVColumns, _ roomForBytes: Int) -> First?,
    and secondFile: InputFile, kind secondKind: InputKind,
    _ readSecond: @escaping @Sendable (CSVScanner, CSVColumns, _ roomForBytes: Int) -> Second?,
    smallest: Int
  ) -> (first: (First, First)?, second: (Second, Second)?) {
    let plans = [
      Plan(firstFile, kind: firstKind, parts: 2, smallest: smallest),
      Plan(secondFile, kind: secondKind, parts: 2, smallest: smallest),
    ]
    // Each task: which file, which half.
    var tasks: [(file: Int, part: Int)] = []
    for (index, plan) in plans.enumerated() {
      guard let plan, plan.count == 2 else { continue }
      tasks += [(index, 0), (index, 1)]
    }
    var firstHalves = [First?](repeating: nil, count: 2)
    var secondHalves = [Second?](repeating: nil, count: 2)
    firstHalves.withUnsafeMutableBufferPointer { firstHalves in
      secondHalves.withUnsafeMutableBufferPointer { secondHalves in
        let firstHalves = UnsafeSendableBuffer(firstHalves)
        let secondHalves = UnsafeSendableBuffer(secondHalves)
        let tasks = tasks
        DispatchQueue.concurrentPerform(iterations: tasks.count) { index in
          let (file, part) = tasks[index]
          if file == 0 {
            firstHalves.buffer[part] = plans[0]!.read(part, readFirst)
          } else {
            secondHalves.buffer[part] = plans[1]!.read(part, readSecond)
          }
        }
      }
    }
    func both<Part>(_ halves: [Part?]) -> (Part, Part)? {
      guard let first = halves[0], let second = halves[1] else { return nil }
      return (first, second)
    }
    return (both(firstHalves), both(secondHalves))
  }

  /// Where a file is cut into parts, and its header.
  private struct Plan: Sendable {
    let file: InputFile
    let kind: InputKind
    let columns: CSVColumns
    /// Each part's first byte, then the file's size.
    let bounds: [Int]

    /// The number of parts.
    var count: Int { bounds.count - 1 }

    /// The plan of up to `count` parts of `file`, or nil when it is small (fewer than
    /// `smallest` bytes), its header is wrong, or it cannot be cut in two.
    init?(_ file: InputFile, kind: InputKind, parts count: Int, smallest: Int) {
      precondition(count >= 2, "a file read in fewer than two parts")
      let size = file.size
      guard size >= smallest,
        let columns = try? CSVColumns(
          reader: CSVReader(fileDescriptor: file.descriptor, range: 0..<size, chunkSize: 1 << 16),
          file: file.path, known: kind.columns, required: kind.requiredColumns)
      else { return nil }
      var starts = [0]
      for part in 1..<count {
        if let start = FileParts.lineStart(near: part * size / count, in: file, size: size),
          start > starts[starts.count - 1]
        {
          starts.append(start)
        }
      }
      guard starts.count >= 2 else { return nil }
      starts.append(size)
      self.file = file
      self.kind = kind
      self.columns = columns
      bounds = starts
    }

    /// What `readPart` makes of part `part`, given a scanner positioned at its first row.
    func read<Part>(
      _ part: Int, _ readPart: (CSVScanner, CSVColumns, _ roomForBytes: Int) -> Part?
    ) -> Part? {
      let range = bounds[part]..<bounds[part + 1]
      let csv = CSVScanner(fileDescriptor: file.descriptor, range: range)
      if part == 0 {
        // The first part starts with the header, already read above.
        guard
          (try? CSVColumns(
            scanner: csv, file: file.path, known: kind.columns, required: kind.requiredColumns))
            != nil
        else { return nil }
      }
      return readPart(csv, columns, part == 0 ? file.size : range.count)
    }
  }

  /// The offset just after the first line break at or after `offset`, or nil if none is near.
  private static func lineStart(near offset: Int, in file: InputFile, size: Int) -> Int? {
    var window = [UInt8](repeating: 0, count: 1 << 16)
    let count = window.withUnsafeMutableBytes {
      pread(file.descriptor, $0.baseAddress, $0.count, off_t(offset))
    }
    guard count > 0, let newline = window[0..<count].firstIndex(of: UInt8(ascii: "\n")) else {
      return nil
    }
    let start = offset + newline + 1
    return start < size ? start : nil
  }
}

/// A buffer two threads write to at once, each only its own elements.
struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
  let buffer: UnsafeMutableBufferPointer<Element>
  init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
