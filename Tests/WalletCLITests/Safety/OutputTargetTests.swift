import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SPEC 6: an output may not be the store or one of the command's inputs (usage error 64),
/// compared as files rather than strings; a replaced file keeps its permission bits; a symbolic
/// link given as the output is followed and stays.
struct OutputTargetTests {
  static func batch(_ folder: TemporaryFolder, out: String, decisions: String? = nil) throws
    -> WalletProcess.Result
  {
    var arguments = [
      "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
      "transactions.csv", "--out", out, "--quiet",
    ]
    if let decisions { arguments += ["--decisions", decisions] }
    return try CommandHarness.run(arguments, directory: folder.url)
  }

  static func sampleFolder() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    for kind in ["cards", "enrollments", "transactions"] {
      try FileManager.default.copyItem(
        atPath: WalletProcess.sample("\(kind).csv"), toPath: folder.path("\(kind).csv"))
    }
    return folder
  }

  /// Each way of naming an input again: as written, through `..`, `./`, a symbolic link and a
  /// hard link.
  @Test(arguments: [
    "transactions.csv", "./cards.csv", "sub/../enrollments.csv", "link.csv", "hard.csv",
  ])
  func batchNeverReplacesAnInput(output: String) throws {
    let folder = try Self.sampleFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path("sub"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("link.csv"), withDestinationPath: "transactions.csv")
    try #require(link(folder.path("cards.csv"), folder.path("hard.csv")) == 0)
    let before = folder.fileNames.map { folder.read($0) }

    for (out, decisions) in [(output, nil), ("rewards.csv", output)] {
      let result = try Self.batch(folder, out: out, decisions: decisions)
      #expect(result.status == 64, "\(out) \(decisions ?? ""): \(result.stderr)")
      #expect(result.stderr.contains("writing there would destroy it"))
      #expect(result.stderr.contains("Usage: wallet batch"))
    }
    #expect(folder.fileNames.map { folder.read($0) } == before, "no input changed")
    #expect(!folder.exists("rewards.csv"))
    // A file of its own is fine.
    #expect(try Self.batch(folder, out: "rewards.csv").status == 0)
  }

  @Test(arguments: [
    "store/wallet.sqlite", "store/wallet.sqlite-wal", "store/wallet.sqlite-shm",
    "store/../store/wallet.sqlite", "store-link", "store/wallet.sqlite-journal",
  ])
  func exportNeverReplacesTheStore(output: String) throws {
    let session = try StoreSession()
    try session.importSample()
    try FileManager.default.createSymbolicLink(
      atPath: session.folder.path("store-link"), withDestinationPath: "store/wallet.sqlite")
    let before = try session.storeBytes()

    let result = try session.run(["export", "transactions", "--out", output])
    #expect(result.status == 64, "\(output): \(result.stderr)")
    #expect(result.stderr.contains("is the store"))
    #expect(try session.storeBytes() == before)
    #expect(try session.succeed(["statement", "--format", "csv"]).stdout.contains("H001"))
  }

  @Test(arguments: [0o600, 0o640, 0o644])
  func aReplacedFileKeepsItsMode(mode: Int) throws {
    let session = try StoreSession()
    try session.importSample()
    let path = try session.write("private.csv", "old\n")
    try #require(chmod(session.folder.path(path), mode_t(mode)) == 0)
    try session.succeed(["export", "transactions", "--out", path])
    let attributes = try FileManager.default.attributesOfItem(atPath: session.folder.path(path))
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == mode)
    #expect(session.folder.read(path)?.hasPrefix("id,card,time") == true)

    let folder = try Self.sampleFolder()
    try folder.write("rewards.csv", "old\n")
    try #require(chmod(folder.path("rewards.csv"), mode_t(mode)) == 0)
    #expect(try Self.batch(folder, out: "rewards.csv").status == 0)
    let replaced = try FileManager.default.attributesOfItem(atPath: folder.path("rewards.csv"))
    #expect((replaced[.posixPermissions] as? NSNumber)?.intValue == mode)
  }

  @Test func aNewFileFollowsTheUmask() throws {
    let folder = try Self.sampleFolder()
    let mask = umask(0)
    umask(mask)
    #expect(try Self.batch(folder, out: "rewards.csv").status == 0)
    let attributes = try FileManager.default.attributesOfItem(atPath: folder.path("rewards.csv"))
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == Int(0o666 & ~mask))
  }

  @Test func aDanglingLinkIsFollowedAndStays() throws {
    let folder = try Self.sampleFolder()
    try FileManager.default.createDirectory(
      atPath: folder.path("out"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.path("latest.csv"), withDestinationPath: "out/rewards.csv")
    #expect(try Self.batch(folder, out: "latest.csv").status == 0)
    let kind = try FileManager.default.attributesOfItem(atPath: folder.path("latest.csv"))[.type]
    #expect(kind as? FileAttributeType == .typeSymbolicLink, "the link stays")
    #expect(folder.read("out/rewards.csv")?.hasPrefix("holder,cycle_start") == true)
  }
}

/// What a fresh-eyes review found after the first round: ways round the checks above.
struct OutputTargetReviewTests {
  @Test func aBuiltInPromotionsIdIsNoInputFile() throws {
    let folder = try OutputTargetTests.sampleFolder()
    let result = try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--promotion", "bocom-applepay-monthly", "--out",
        "bocom-applepay-monthly", "--quiet",
      ], directory: folder.url)
    #expect(result.status == 0, "\(result.stderr)")
  }
}
