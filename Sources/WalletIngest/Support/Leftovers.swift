import Synchronization
import WalletCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files and folders a run makes beside its outputs and removes when it ends (an output's
/// temporary file, a batch's work folder), named after their owner (`RunOwner`):
///
/// - while the run lives, they are listed here, so that an interrupt can remove them before the
///   process ends (`removeAll`);
/// - a run that was killed outright leaves them behind, and a later run removes those of runs
///   that are no longer alive, and only those, where it makes its own (`removeDeadRuns`).
package enum Leftovers {
  /// What a run has made and not yet removed or renamed into place, and whether an interrupt
  /// has taken the list to remove it (`removeAll`): from then on nothing more is made.
  private static let made = Mutex<(paths: [String: Kind], removing: Bool)>(([:], false))

  /// A file, or a folder of files.
  package enum Kind: Sendable {
    case file
    case folder
  }

  /// The part of a name that says whose it is: `PID.START-`, or nothing where the owner cannot
  /// be told.
  package static var ownerPart: String { RunOwner.current.map { $0.tag + "-" } ?? "" }

  /// Makes a file or folder with `make`, which returns its path or nil when it failed, and
  /// notes it. Making and noting are one step that an interrupt's `removeAll` finds either not
  /// begun or done, so that nothing made escapes its list; once an interrupt is removing what
  /// was made, this never returns (the interrupt ends the process) and nothing more is made.
  package static func make(_ kind: Kind, _ make: () -> String?) -> String? {
    // The lock is held while making, which is one system call, so that `removeAll` cannot take
    // the list between the making and the noting.
    let made: String?? = Self.made.withLock { made in
      guard !made.removing else { return nil }
      let path = make()
      if let path { made.paths[path] = kind }
      return .some(path)
    }
    guard let made else { CommitGate.waitForever() }
    return made
  }

  /// Forgets `path`: removed, or renamed into place.
  package static func gone(_ path: String) {
    _ = made.withLock { $0.paths.removeValue(forKey: path) }
  }

  /// Removes everything the run has made and not yet removed, as an interrupt ends it; nothing
  /// more is made after (`make`). A folder is emptied until it can be removed, as the run may
  /// still be making files in it.
  package static func removeAll() {
    let all = made.withLock { made in
      defer { made = ([:], true) }
      return made.paths
    }
    for (path, kind) in all {
      switch kind {
      case .file: unlink(path)
      case .folder: removeFolder(path)
      }
    }
  }

  /// Removes the folder at `path` and the files in it. A part of a batch may still be making
  /// a file in it between emptying and removing, so it is emptied again until it is gone: a
  /// run makes few files in its folder (one per partition), so this ends.
  package static func removeFolder(_ path: String) {
    while true {
      removeFiles(in: path)
      if rmdir(path) == 0 || errno != ENOTEMPTY { return }
      sched_yield()
    }
  }

  /// Removes every file in the folder at `path`, leaving it empty.
  package static func removeFiles(in path: String) {
    guard let directory = opendir(path) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = Self.name(of: entry)
      if name != "." && name != ".." { unlink(path + "/" + name) }
    }
  }

  private static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
    withUnsafeBytes(of: entry.pointee.d_name) { bytes in
      String(cString: bytes.bindMemory(to: CChar.self).baseAddress!)
    }
  }

  /// The owner of a leftover named `name`: a `.BASE.tmp-PID.START-XXXXXX` output file or a
  /// `.wallet-batch-PID.START-XXXXXX` work folder; nil for any other name (one made before
  /// names said their owner included, which is never taken for a dead run's).
  package static func owner(ofName name: String) -> (owner: RunOwner, kind: Kind)? {
    guard name.hasPrefix("."), name.utf8.count > 8 else { return nil }
    let kind: Kind
    let rest: Substring
    if name.hasPrefix(".wallet-batch-") {
      kind = .folder
      rest = name.dropFirst(".wallet-batch-".count)
    } else if let after = Self.end(ofLast: ".tmp-", in: name) {
      kind = .file
      rest = name[after...]
    } else {
      return nil
    }
    guard let dash = rest.lastIndex(of: "-"), rest.distance(from: dash, to: rest.endIndex) == 7,
      let owner = RunOwner(tag: rest[..<dash])
    else { return nil }
    return (owner, kind)
  }

  /// Where the last `marker` in `name` ends.
  private static func end(ofLast marker: String, in name: String) -> String.Index? {
    var index = name.endIndex
    while index > name.startIndex {
      index = name.index(before: index)
      if name[index...].hasPrefix(marker) { return name.index(index, offsetBy: marker.count) }
    }
    return nil
  }

  /// Removes, in the folder `directory` (`""` for the working folder), the leftovers of runs
  /// that are no longer alive: files and folders of this user named as `owner(ofName:)` reads,
  /// whose owner is not running. A live run's are kept, and so is anything else.
  package static func removeDeadRuns(in directory: String) {
    guard let current = RunOwner.current else { return }
    let folder = directory.isEmpty ? "." : directory
    guard let handle = opendir(folder) else { return }
    var dead: [(path: String, kind: Kind)] = []
    while let entry = readdir(handle) {
      let name = Self.name(of: entry)
      guard let (owner, kind) = owner(ofName: name), owner != current, !owner.isAlive
      else { continue }
      let path = folder + "/" + name
      var status = stat()
      guard lstat(path, &status) == 0, status.st_uid == geteuid() else { continue }
      let type = status.st_mode & S_IFMT
      guard type == (kind == .file ? S_IFREG : S_IFDIR) else { continue }
      dead.append((path, kind))
    }
    closedir(handle)
    for (path, kind) in dead {
      switch kind {
      case .file: unlink(path)
      case .folder: removeFolder(path)
      }
    }
  }
}
