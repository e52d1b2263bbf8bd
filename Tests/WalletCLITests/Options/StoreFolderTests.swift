import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

@testable import WalletCLI

/// The folders on the way to a new store are made, whatever their names: a one-letter folder
/// once crashed `wallet init` inside Foundation's path functions.
struct StoreFolderTests {
  @Test(arguments: [
    ("s/w.sqlite", "s"), ("a/b/w.sqlite", "a/b"), ("w.sqlite", ""), ("/w.sqlite", "/"),
    ("/s/w.sqlite", "/s"), ("s//w.sqlite", "s"), ("s/", ""), ("/", "/"), ("s/t/", "s"),
    ("./w.sqlite", "."),
  ])
  func theParentFolderIsWhatComesBeforeTheLastSlash(path: String, parent: String) {
    #expect(StoreOptions.parentFolder(of: path) == parent)
  }

  @Test(arguments: ["s/w.sqlite", "s/t/w.sqlite", "ab/w.sqlite"])
  func initMakesEveryMissingFolder(path: String) throws {
    let folder = try TemporaryFolder()
    let result = try CommandHarness.run(["init", "--db", path], directory: folder.url)
    #expect(result.status == 0, "\(result.stderr)")
    let store = folder.url.appendingPathComponent(path).path
    #expect(FileManager.default.fileExists(atPath: store))
    let made = folder.url.appendingPathComponent(StoreOptions.parentFolder(of: path)).path
    let mode =
      (try FileManager.default.attributesOfItem(atPath: made)[.posixPermissions] as? NSNumber)?
      .intValue
    #expect(mode == 0o700)
  }
}
