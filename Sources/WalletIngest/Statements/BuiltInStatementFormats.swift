extension StatementFormat {
  /// The ids of the formats wallet ships, in the order `wallet format list` lists them and
  /// detection tries them: each is `data/formats/<id>.json`, compiled in by the EmbedData
  /// plugin.
  package static let builtInIDs = ["bocom-credit", "cmb-credit", "icbc-credit", "alipay", "wechat"]

  /// The formats wallet ships: `bocom-credit`, `cmb-credit`, `icbc-credit`, `alipay` and
  /// `wechat`, decoded from the files of `data/formats/` as a user's format file is.
  package static let builtIn: [StatementFormat] = builtInIDs.map { id in
    let file = "data/formats/\(id).json"
    guard let json = EmbeddedData.files[file] else { fatalError("\(file) is not embedded") }
    do {
      return try StatementFormat.decode(json: json, file: file)
    } catch {
      // A test decodes every built-in format, so a broken one never ships.
      fatalError("\(error)")
    }
  }

  /// The file of the built-in format with this id, byte for byte as wallet ships it (`wallet
  /// format show`), so that a copy of it is a format file to start from; nil for another id.
  package static func builtInFile(id: String) -> [UInt8]? {
    guard builtInIDs.contains(id) else { return nil }
    return EmbeddedData.files["data/formats/\(id).json"]
  }

  /// The built-in format with this id, or nil.
  package static func builtIn(id: String) -> StatementFormat? {
    builtIn.first { $0.id == id }
  }
}
