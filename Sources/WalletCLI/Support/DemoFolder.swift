import Foundation

/// The demo's temporary folder, readable only by its owner, removed at the end.
struct DemoFolder {
  let url: URL

  init() throws(CommandError) {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "wallet-demo-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(
        at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    } catch {
      let parent = url.deletingLastPathComponent().path
      throw CommandError(.ioError, tr("the demo cannot make a temporary folder in \(parent)"))
    }
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes a file and returns its path.
  func write(_ name: String, _ text: String) throws(CommandError) -> String {
    do {
      try Data(text.utf8).write(to: url.appendingPathComponent(name))
    } catch {
      throw CommandError(.ioError, tr("the demo cannot write \(path(name))"))
    }
    return path(name)
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}
