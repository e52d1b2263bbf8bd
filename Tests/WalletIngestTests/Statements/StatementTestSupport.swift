import Foundation
import WalletCore

@testable import WalletIngest

/// Fixture files live in `Tests/Fixtures/statements`, outside every test target so that
/// SwiftPM does not treat them as resources; they are found from this file's own path.
enum StatementFixture {
  /// The repository's root.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The bytes of `Tests/Fixtures/statements/<name>`.
  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent("Tests/Fixtures/statements/\(name)")))
  }

  /// The bytes of a file relative to the repository's root.
  static func repositoryFile(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: root.appendingPathComponent(path)))
  }

  /// Reads a fixture, recognising its format among the built-in ones.
  static func read(
    _ name: String, rules: ImportRules? = nil, defaultMethod: PaymentMethod? = nil
  ) throws -> StatementFile {
    try StatementReader.read(
      bytes: try bytes(name), file: name, format: nil, formats: StatementFormat.builtIn,
      rules: rules, defaultMethod: defaultMethod)
  }

  /// Reads UTF-8 text with one format.
  static func read(
    text: String, format: StatementFormat, rules: ImportRules? = nil,
    defaultMethod: PaymentMethod? = nil
  ) throws -> StatementFile {
    try StatementReader.read(
      bytes: Array(text.utf8), file: "test.csv", format: format, formats: [],
      rules: rules, defaultMethod: defaultMethod)
  }

  /// The error reading `text` with `format` throws, or nil when it reads.
  static func error(
    text: String, format: StatementFormat, rules: ImportRules? = nil
  ) -> InputError? {
    do {
      _ = try read(text: text, format: format, rules: rules)
      return nil
    } catch let error as InputError {
      return error
    } catch {
      return nil
    }
  }

  /// A built-in format, which must exist.
  static func format(_ id: String) -> StatementFormat {
    StatementFormat.builtIn(id: id)!
  }
}

extension StatementRow {
  /// One line saying everything a test checks about the row, so that a fixture's expectations
  /// read as a table and a failure shows the whole row.
  var summary: String {
    var parts = ["L\(line)"]
    switch kind {
    case .purchase: parts.append("purchase")
    case .refund: parts.append("refund")
    case .credit: parts.append("credit")
    case .clawback: parts.append("clawback")
    case .leftOut(let reason): parts.append("out(\(reason))")
    }
    parts.append(date.description)
    if let timeOfDay { parts.append(timeOfDay.description) }
    if let postingDate { parts.append("posted \(postingDate)") }
    parts.append("\(amount) \(currency)")
    if let originalAmount {
      parts.append("orig \(originalAmount) \(originalCurrency?.code ?? "-")")
    }
    parts.append("card \(last4 ?? "-")")
    parts.append("merchant \(merchant ?? "-")")
    if let orderID { parts.append("id \(orderID)") }
    if let refundedOrderID { parts.append("refunds \(refundedOrderID)") }
    switch methodSource {
    case .format(let id, let rule, let reason):
      parts.append("\(method!) by \(id)#\(rule) (\(reason))")
    case .userRule(let index, let name): parts.append("\(method!) by rule \(index) \(name ?? "")")
    case .commandLine: parts.append("\(method!) by --method")
    case nil: parts.append("method -")
    }
    if let mcc { parts.append("mcc \(mcc)") }
    return parts.joined(separator: " | ")
  }
}
