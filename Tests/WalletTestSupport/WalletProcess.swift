import Foundation
import Testing

/// Runs the built `wallet` binary as a user would, capturing its exit status and both streams.
public struct WalletProcess {
  /// What a run of the binary left: its exit status and both streams as text.
  public struct Result {
    /// The exit status.
    public var status: Int32
    /// Everything written on standard output.
    public var stdout: String
    /// Everything written on standard error.
    public var stderr: String

    /// A result made of its three parts, for runners other than the binary's.
    public init(status: Int32, stdout: String, stderr: String) {
      self.status = status
      self.stdout = stdout
      self.stderr = stderr
    }
  }

  /// The package's root folder, for data/sample and the README.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The `wallet` executable beside the test bundle in the build folder.
  public static let executable: URL? = {
    var folders: [URL] = [
      URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    ]
    // A bundle's URL may be relative to the folder the tests started in (`.build/…`), which a
    // test may have changed: read against the package's root, where the build folder is.
    folders += Bundle.allBundles.map {
      let folder = $0.bundleURL.deletingLastPathComponent().relativePath
      return folder.hasPrefix("/")
        ? URL(fileURLWithPath: folder) : packageRoot.appendingPathComponent(folder)
    }
    return folders.map { $0.appendingPathComponent("wallet").standardizedFileURL }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  /// The path of a file of the sample data (`data/sample/NAME`).
  public static func sample(_ name: String) -> String {
    packageRoot.appendingPathComponent("data/sample/\(name)").path
  }

  /// Runs `wallet` with `arguments` in `directory`, with only the given environment variables
  /// (plus PATH), so that the user's own settings never leak into a test. `outputTo` and
  /// `errorsTo` send a stream to a file such as `/dev/full` instead of capturing it. A
  /// `launcher` is a command that runs the binary, given its path and arguments after its own:
  /// `setpriv` to run it as another user, a shell to give it another umask.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil,
    stdin: String? = nil, outputTo: String? = nil, errorsTo: String? = nil,
    launcher: [String] = []
  ) throws -> Result {
    let executable = try #require(executable, "build the wallet product first")
    return try runProgram(
      launcher + [executable.path] + arguments,
      environment: environment.merging(["PATH": "/usr/bin:/bin"]) { mine, _ in mine },
      directory: directory, stdin: stdin, outputTo: outputTo, errorsTo: errorsTo)
  }

  /// Runs another program as `run` runs wallet: `words` is its absolute path, then its
  /// arguments, and `environment` all the environment it gets.
  public static func runProgram(
    _ words: [String], environment: [String: String], directory: URL? = nil,
    stdin: String? = nil, outputTo: String? = nil, errorsTo: String? = nil
  ) throws -> Result {
    let scratch = ScratchSpace.path("wallet-process")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outPath = scratch.appendingPathComponent("stdout").path
    let errPath = scratch.appendingPathComponent("stderr").path
    var inPath = "/dev/null"
    if let stdin {
      inPath = scratch.appendingPathComponent("stdin").path
      try Data(stdin.utf8).write(to: URL(fileURLWithPath: inPath))
    }
    let status = try spawnAndWait(
      words, environment: environment.map { "\($0)=\($1)" }, directory: directory?.path,
      input: inPath, output: outputTo.map { ($0, false) } ?? (outPath, true),
      errors: errorsTo.map { ($0, false) } ?? (errPath, true))
    func text(_ path: String) -> String {
      (try? Data(contentsOf: URL(fileURLWithPath: path))).map {
        String(decoding: $0, as: UTF8.self)
      } ?? ""
    }
    return Result(status: status, stdout: text(outPath), stderr: text(errPath))
  }

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift does not import:
  /// the child closes every descriptor from the one given, whichever are open when it starts.
  private static let closeFrom:
    (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
      guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
      return unsafeBitCast(
        symbol,
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)
          .self)
    }()

  /// Starts `words` (an absolute program path, then its arguments) with posix_spawn and waits
  /// for it: its exit status, or the number of the signal that ended it. Not Foundation's `Process`,
  /// which on Linux asks the child to close every descriptor the test process had open when it
  /// looked, one by one, so that a descriptor another test closed meanwhile failed the start (reported as
  /// a stale errno: "the file doesn't exist").
  private static func spawnAndWait(
    _ words: [String], environment: [String], directory: String?, input: String,
    output: (path: String, create: Bool), errors: (path: String, create: Bool)
  ) throws -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    for (descriptor, target) in [(Int32(1), output), (2, errors)] {
      let flags = target.create ? O_WRONLY | O_CREAT | O_TRUNC : O_WRONLY
      posix_spawn_file_actions_addopen(&actions, descriptor, target.path, flags, 0o600)
    }
    // Nothing else of the test process's: a descriptor another test holds open for writing (a
    // copy of the binary being made) would make that binary "busy" to exec.
    if let closeFrom = Self.closeFrom { _ = closeFrom(&actions, 3) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // As Foundation's `Process` started it: in a process group of its own, signals as inherited.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    var argv = words.map { strdup($0) } + [nil]
    var envp = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    // The child inherits the working folder: start it in `directory`, or while no test has
    // moved the folder.
    let start = { posix_spawn(&pid, words[0], &actions, &attributes, &argv, &envp) }
    let spawned =
      if let directory {
        try WorkingFolder.changed(to: URL(fileURLWithPath: directory), start)
      } else {
        WorkingFolder.shared(start)
      }
    try #require(spawned == 0, "cannot start \(words[0]): \(String(cString: strerror(spawned)))")
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) == -1 {
      try #require(errno == EINTR, "cannot wait for \(words[0]): errno \(errno)")
    }
    // WTERMSIG or WEXITSTATUS, which Swift does not import: the signal's number when one
    // ended it, as `Process.terminationStatus` says.
    let signalled = raw & 0x7F
    return signalled != 0 ? signalled : (raw >> 8) & 0xFF
  }
}

/// A temporary folder removed at the end of a test.
public final class TemporaryFolder {
  /// Where the folder is.
  public let url: URL

  /// Makes a new, empty folder in the tests' scratch space (`ScratchSpace`).
  public init() throws {
    url = ScratchSpace.path("wallet-test")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` inside the folder.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `text` as UTF-8 to `name` in the folder and returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
    return path(name)
  }

  /// Writes raw bytes to `name` in the folder and returns its path.
  @discardableResult
  public func write(_ name: String, bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: url.appendingPathComponent(name))
    return path(name)
  }

  /// The file's contents as UTF-8 text, or nil when it cannot be read.
  public func read(_ name: String) -> String? {
    (try? Data(contentsOf: url.appendingPathComponent(name))).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  /// Whether a file or folder named `name` is in the folder.
  public func exists(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: path(name))
  }

  /// The permission bits of a file or folder in the folder.
  public func mode(_ name: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path(name))
    return try #require(attributes[.posixPermissions] as? NSNumber).intValue & 0o7777
  }

  /// Every file in the folder, to prove that a failed run left no temporary file behind.
  public var fileNames: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
  }
}
