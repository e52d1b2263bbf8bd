import WalletCore
import WalletIngest

/// The files a command reads or keeps, which none of its outputs may replace (SPEC 6): an output
/// that is the store would leave a file that is no longer a database, and one that is an input
/// would be emptied before it is read.
///
/// Files are compared as the system tells them apart (`FileLocation`), not as strings, so that
/// `./t.csv`, `x/../t.csv`, a symbolic or a hard link to it are all the same file.
struct ProtectedFiles {
  private var files: [(role: Role, location: FileLocation)] = []

  /// What a protected file is to the command, as the refusal names it.
  enum Role: Equatable {
    /// The store.
    case store
    /// One of the files SQLite keeps beside the store: `suffix` is `-wal`, `-shm` or `-journal`.
    case storeCompanion(suffix: String)
    /// The file an input option (`cards`, without the dashes) names.
    case input(option: String)

    /// The role in the run's language, as the rest of `… is the store`.
    var worded: String {
      switch self {
      case .store: tr("the store")
      case .storeCompanion(let suffix): tr("the store's \(suffix) file")
      case .input(let option): tr("the --\(option) file")
      }
    }
  }

  /// Nothing protected yet.
  init() {}

  /// Protects a file the command reads through the option `option` (`cards`). A path that
  /// names no file (standard input, a built-in promotion's id, a missing file reported later
  /// as such) protects nothing.
  mutating func protect(input path: String, option: String) {
    guard path != "-", let identity = FileIdentity(path: path) else { return }
    files.append((.input(option: option), .existing(identity)))
  }

  /// Protects the store and the journal files SQLite keeps beside it (`-wal`, `-shm`, and the
  /// rollback `-journal`), whether or not they exist yet: beside the path as given and beside
  /// the file it finally names, where SQLite puts them.
  mutating func protect(store path: String) {
    for base in Set([path, OutputPath.finalTarget(path)]) {
      files.append((.store, FileLocation(path: base)))
      for suffix in ["-wal", "-shm", "-journal"] {
        files.append((.storeCompanion(suffix: suffix), FileLocation(path: base + suffix)))
      }
    }
  }

  /// Refuses, as a usage error, an output path that would replace a protected file. Run it
  /// once the command's own files are open: `/proc/self/fd/3` names the store only then. `-`
  /// is standard output, which the shell may have pointed at a protected file (`>> store`).
  func check(output path: String, option: String) throws(ValidationError) {
    let output: FileLocation
    if path == "-" {
      guard let identity = FileIdentity(regularFileOpenAt: 1) else { return }
      output = .existing(identity)
    } else {
      output = FileLocation(path: path)
    }
    guard output != .nowhere,
      let clash = files.first(where: { $0.location == output })
    else { return }
    let named =
      path == "-"
      ? tr("standard output") : "--\(option) \(ShownID.quotedValue(path, in: .current))"
    let role = clash.role.worded
    throw ValidationError(
      tr("\(named) is \(role); writing there would destroy it, so choose another file"))
  }
}
