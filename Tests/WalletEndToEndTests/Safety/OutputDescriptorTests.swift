import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// SPEC 6 where only a process of its own can show it: an output named by a descriptor of the
/// open store, standard output sent to the store or into a pipe, standard output closed.
@Suite(.tags(.endToEnd))
struct OutputDescriptorTests {
  /// A folder holding the sample's three files.
  static func sampleFolder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for kind in ["cards", "enrollments", "transactions"] {
      try FileManager.default.copyItem(
        atPath: WalletProcess.sample("\(kind).csv"), toPath: folder.path("\(kind).csv"))
    }
    return folder
  }

  @Test(arguments: ["/proc/self/fd/3", "/dev/fd/3"])
  func aDescriptorOfTheOpenStoreIsTheStore(output: String) throws {
    let session = try StoreSession()
    try session.importSample()
    // The binary: descriptor 3 is the store only in a process of its own.
    let result = try session.runBinary(["export", "rewards", "--out", output])
    #expect(result.status == 64, "\(result.stderr)")
    #expect(try session.succeed(["card", "list"]).stdout.contains("C-WF-CREDIT"))
  }

  @Test func standardOutputAppendedToTheStoreIsRefused() throws {
    let session = try StoreSession()
    try session.importSample()
    let before = try session.storeBytes()
    let result = try session.run(["export", "transactions"], outputTo: session.database)
    #expect(result.status == 64, "\(result.stderr)")
    #expect(result.stderr.contains("standard output is the store"))
    #expect(try session.storeBytes() == before)
  }

  @Test(arguments: [
    (["--out", "/dev/stdout"], "holder,"),
    (["--out", "r.csv", "--decisions", "/dev/stdout"], "transaction,"),
  ])
  func devStdoutIntoAPipeIsWritten(extra: [String], header: String) throws {
    let folder = try Self.sampleFolder()
    let executable = try #require(WalletProcess.executable)
    let process = Process()
    process.executableURL = executable
    process.arguments =
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--quiet",
      ] + extra
    process.currentDirectoryURL = folder.url
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.runRetryingStart()
    let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(header))
  }

  /// With standard output closed, the next file wallet opens must not take its number and
  /// receive the other output: the write fails (74) and nothing is replaced.
  @Test func aClosedStandardOutputIsAFailedWriteNotAnotherFile() throws {
    let folder = try Self.sampleFolder()
    let result = try WalletProcess.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--out", "o.csv", "--decisions", "-", "--quiet",
      ], directory: folder.url, launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" >&-"])
    #expect(result.status == 74, "\(result.stderr)")
    #expect(!folder.exists("o.csv"))
  }
}
