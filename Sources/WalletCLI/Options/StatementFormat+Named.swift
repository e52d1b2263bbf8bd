import Foundation
import WalletCore
import WalletIngest

extension StatementFormat {
  /// The format `--format` names: a built-in format by id, else a format file.
  static func named(_ name: String) throws -> StatementFormat {
    if let builtIn = StatementFormat.builtIn(id: name) { return builtIn }
    guard name.contains("/") || FileManager.default.fileExists(atPath: name) else {
      throw ValidationError(
        "no built-in format \(ShownValue.quoted(name)) and no such file; built in: "
          + StatementFormat.builtIn.map(\.id).joined(separator: ", "))
    }
    return try StatementFormat.decode(json: try InputFile(path: name).readAll(), file: name)
  }
}
