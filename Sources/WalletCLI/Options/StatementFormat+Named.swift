import Foundation
import WalletCore
import WalletIngest

extension StatementFormat {
  /// The format `--format` names: a built-in format by id, else a format file.
  static func named(_ name: String) throws -> StatementFormat {
    if let builtIn = StatementFormat.builtIn(id: name) { return builtIn }
    guard name.contains("/") || FileManager.default.fileExists(atPath: name) else {
      let (shown, known) = (
        ShownID.quotedValue(name, in: .current),
        StatementFormat.builtIn.map(\.id).joined(separator: ", ")
      )
      throw ValidationError(tr("no built-in format \(shown) and no such file; built in: \(known)"))
    }
    return try StatementFormat.decode(json: try InputFile(path: name).readAll(), file: name)
  }
}
