extension StatementFormat {
  /// The ids of the formats wallet ships, in the order `wallet formats` lists them and
  /// detection tries them: each is `data/formats/<id>.json`, compiled in by the EmbedData
  /// plugin.
  static let builtInIDs = ["bocom-credit", "cmb-credit", "icbc-credit", "alipay", "wechat"]

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

  /// The built-in format with this id, or nil.
  package static func builtIn(id: String) -> StatementFormat? {
    builtIn.first { $0.id == id }
  }
}
