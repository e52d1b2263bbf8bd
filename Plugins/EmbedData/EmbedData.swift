import Foundation
import PackagePlugin

/// Compiles data files into the targets that need them: before a target is compiled, its files
/// under `data/` are written by `EmbedDataTool` as one generated Swift file, `EmbeddedData`
/// (`EmbeddedData.sampleCardsCSV`, `EmbeddedData.files["data/sample/cards.csv"]`). So `data/`
/// is the one source of the built-in promotion, statement formats and sample data, and the
/// binary still runs with no file beside it.
@main
struct EmbedData: BuildToolPlugin {
  /// What each target embeds: files, or folders whose every file is embedded (in name order),
  /// relative to the package. Only these are the command's inputs, so editing one of them
  /// rebuilds exactly the targets that hold it.
  static let embedded: [String: [String]] = [
    // The built-in promotion, decoded by the ordinary promotion decoder.
    "WalletCore": ["data/promotions/bocom-applepay-monthly.json"],
    // The built-in statement formats (`wallet format list`, `wallet format show`).
    "WalletIngest": ["data/formats"],
    // What `wallet demo` plays.
    "WalletCLI": [
      "data/sample/cards.csv", "data/sample/enrollments.csv", "data/sample/transactions.csv",
      "data/sample/postings.csv", "data/requests/unionpay-emv-cny.json",
      "data/promotions/bocom-applepay-monthly-clawback.json",
    ],
    // The cards and enrollments the fuzzed transactions are loaded against.
    "FuzzCSV": ["data/sample/cards.csv", "data/sample/enrollments.csv"],
  ]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let entries = Self.embedded[target.name] else {
      throw EmbedDataError.noFilesListed(target: target.name)
    }
    let root = context.package.directoryURL
    var paths: [String] = []
    for entry in entries {
      let url = root.appending(path: entry)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
        throw EmbedDataError.missing(entry)
      }
      guard isFolder.boolValue else {
        paths.append(entry)
        continue
      }
      let names = try FileManager.default.contentsOfDirectory(atPath: url.path)
      paths += names.filter { !$0.hasPrefix(".") }.sorted().map { "\(entry)/\($0)" }
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedData.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(paths.count) data files in \(target.name)",
        executable: try context.tool(named: "EmbedDataTool").url,
        arguments: [output.path, root.path] + paths,
        inputFiles: paths.map { root.appending(path: $0) },
        outputFiles: [output])
    ]
  }
}

/// Why the plugin could not plan a target's embedding.
enum EmbedDataError: Error, CustomStringConvertible {
  /// The plugin is applied to a target that `EmbedData.embedded` does not list.
  case noFilesListed(target: String)
  /// A listed file or folder is not in the package.
  case missing(String)

  var description: String {
    switch self {
    case .noFilesListed(let target):
      "EmbedData: no data files are listed for \(target) in Plugins/EmbedData/EmbedData.swift"
    case .missing(let path): "EmbedData: \(path) is not in the package"
    }
  }
}
