extension StatementFormat {
  /// The formats wallet ships: `bocom-credit`, `cmb-credit`, `icbc-credit`, `alipay` and
  /// `wechat`, decoded from the same JSON as `data/formats/`.
  package static let builtIn: [StatementFormat] = BuiltInStatementFormatText.all.map { entry in
    // A test decodes every built-in text, so a broken one never ships.
    try! StatementFormat.decode(
      json: Array(entry.json.utf8), file: "data/formats/\(entry.id).json")
  }

  /// The built-in format with this id, or nil.
  package static func builtIn(id: String) -> StatementFormat? {
    builtIn.first { $0.id == id }
  }
}
