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
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("wallet-process-\(UniqueName.make())")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let process = Process()
    if let program = launcher.first {
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = launcher.dropFirst() + [executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    process.environment = environment.merging(["PATH": "/usr/bin:/bin"]) { mine, _ in mine }
    if let directory { process.currentDirectoryURL = directory }
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    process.standardOutput =
      try outputTo.map { try #require(FileHandle(forWritingAtPath: $0)) }
      ?? outHandle
    process.standardError =
      try errorsTo.map { try #require(FileHandle(forWritingAtPath: $0)) }
      ?? errHandle
    if let stdin {
      let inURL = scratch.appendingPathComponent("stdin")
      try Data(stdin.utf8).write(to: inURL)
      process.standardInput = try FileHandle(forReadingFrom: inURL)
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    // The child inherits the working folder: start it while no test has moved it.
    try WorkingFolder.shared { try process.run() }
    process.waitUntilExit()
    try outHandle.close()
    try errHandle.close()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}

/// A temporary folder removed at the end of a test.
public final class TemporaryFolder {
  /// Where the folder is.
  public let url: URL

  /// Makes a new, empty folder under the system's temporary folder.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("wallet-test-\(UniqueName.make())")
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
