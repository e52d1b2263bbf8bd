import WalletCore
import WalletIngest

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the promotion a command names: an existing file is read; otherwise the name is the id of
/// a built-in promotion.
enum PromotionSource {
  static func resolve(_ name: String?) throws -> Promotion {
    guard let name else { return .bocomApplePayMonthly }
    // An existing file wins, so a readable file is never mistaken for an id; a file that exists
    // but cannot be read is reported as such.
    if access(name, F_OK) == 0 || name.contains("/") || name.lowercased().hasSuffix(".json") {
      return try decode(try InputFile(path: name))
    }
    if let builtIn = Promotion.builtIn.first(where: { $0.id.rawValue == name }) {
      return builtIn
    }
    let (shown, known) = (
      ShownID.quotedValue(name, in: .current),
      Promotion.builtIn.map(\.id.rawValue).joined(separator: ", ")
    )
    throw ValidationError(
      tr("No promotion file or built-in promotion named \(shown) (built in: \(known))"))
  }

  /// Reads and validates a promotion file; a broken rule is a data error written
  /// `FILE:LINE:COLUMN: field 'x': problem`, like a bad CSV value.
  static func decode(_ file: InputFile) throws(CommandError) -> Promotion {
    do {
      return try Promotion.decode(json: try file.readAll())
    } catch let error as PromotionError {
      throw CommandError(.dataError, ErrorWording.words(error, file: file.path, in: .current))
    } catch let error as FileError {
      throw CommandError(error)
    } catch {
      preconditionFailure("unexpected error \(error)")
    }
  }
}
