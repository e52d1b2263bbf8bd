#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process that made a work file or folder, written into its name (`PID.START`) so that a
/// later run can tell the leftovers of a run that is no longer alive (killed with SIGKILL, or
/// the machine stopped) from a live run's: its process id, and when it started (in clock ticks
/// after boot, the 22nd field of `/proc/PID/stat`), which a later process given the same id
/// does not share.
package struct RunOwner: Hashable, Sendable {
  /// The process id.
  package let pid: Int32
  /// When the process started, in clock ticks after boot.
  package let startTime: UInt64

  package init(pid: Int32, startTime: UInt64) {
    self.pid = pid
    self.startTime = startTime
  }

  /// This process, or nil where its start time cannot be read (no `/proc`): then names carry
  /// no owner, and no run's leftovers are taken for a dead one's.
  package static let current: RunOwner? = {
    let pid = getpid()
    return startTime(of: pid).map { RunOwner(pid: pid, startTime: $0) }
  }()

  /// The owner as written in a name.
  package var tag: String { "\(pid).\(startTime)" }

  /// The owner a tag names, or nil when `tag` is not one.
  package init?(tag: Substring) {
    let parts = tag.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
      let pid = Int32(parts[0]), pid > 0, let start = UInt64(parts[1])
    else { return nil }
    self.init(pid: pid, startTime: start)
  }

  /// Whether the process is still running: a process of that id exists and started when this
  /// one did. When that cannot be told, it is taken as alive.
  package var isAlive: Bool {
    if let start = Self.startTime(of: pid) { return start == startTime }
    // `/proc` answers for this process, so there is no process of that id.
    if Self.current != nil { return false }
    return !(kill(pid, 0) != 0 && errno == ESRCH)
  }

  /// The start time of process `pid`, from `/proc/PID/stat`; nil when there is no such
  /// process or it cannot be read.
  package static func startTime(of pid: Int32) -> UInt64? {
    let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    guard count > 0 else { return nil }
    // The command name, in parentheses, may hold spaces and parentheses: the fields after it
    // start after its last ')', with the process's state (field 3).
    guard let close = bytes[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
    let fields = bytes[(close + 1)..<count].split(separator: UInt8(ascii: " "))
    let startField = 22 - 3
    guard fields.count > startField else { return nil }
    return UInt64(String(decoding: fields[startField], as: UTF8.self))
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
