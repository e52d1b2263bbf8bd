import Foundation

/// A session's folder as a set of commands leaves it, made once per test run and copied into
/// each session that starts from it: tests whose many cases begin with the same store (the
/// sample imported, a seeded wallet) pay for those commands once. A copy holds the same bytes,
/// modes and files as the commands would have made, and the commands themselves are checked
/// where the template is made (a `succeed` that fails fails the test that first asked for it).
///
/// Only for a template whose files name no path of the folder they were made in (an import
/// records file names as given): a copy lives in another folder.
public final class StoreTemplate: @unchecked Sendable {
  /// One file or folder of the template, relative to the session's folder.
  private struct Entry {
    var path: String
    var mode: Int
    /// Nil for a folder.
    var bytes: Data?
  }

  private let prepare: @Sendable (StoreSession) throws -> Void
  private let lock = NSLock()
  /// Guarded by `lock`; nil until first made.
  private var entries: [Entry]?

  /// A template that `prepare` makes in a new session.
  public init(_ prepare: @escaping @Sendable (StoreSession) throws -> Void) {
    self.prepare = prepare
  }

  /// A new session holding a copy of the template.
  public func session() throws -> StoreSession {
    let session = try StoreSession()
    try copy(into: session)
    return session
  }

  /// Copies the template into `session`'s folder, beside what is already there.
  public func copy(into session: StoreSession) throws {
    let manager = FileManager.default
    for entry in try made() {
      let path = session.folder.path(entry.path)
      if let bytes = entry.bytes {
        guard manager.createFile(atPath: path, contents: bytes) else {
          throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
      } else {
        try manager.createDirectory(atPath: path, withIntermediateDirectories: false)
      }
      try manager.setAttributes([.posixPermissions: entry.mode], ofItemAtPath: path)
    }
  }

  /// The template's files, made on first use.
  private func made() throws -> [Entry] {
    lock.lock()
    defer { lock.unlock() }
    if let entries { return entries }
    let source = try StoreSession()
    try prepare(source)
    let manager = FileManager.default
    var made: [Entry] = []
    // Folders come before what they hold.
    for path in try manager.subpathsOfDirectory(atPath: source.folder.url.path).sorted() {
      let full = source.folder.path(path)
      let attributes = try manager.attributesOfItem(atPath: full)
      guard let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue else {
        throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: full])
      }
      let isFolder = attributes[.type] as? FileAttributeType == .typeDirectory
      made.append(
        Entry(
          path: path, mode: mode,
          bytes: isFolder ? nil : try Data(contentsOf: URL(fileURLWithPath: full))))
    }
    entries = made
    return made
  }
}
