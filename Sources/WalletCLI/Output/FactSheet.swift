/// Labelled lines about one thing (a card, a decision), the labels padded to one width so that
/// the values line up. Widths are terminal columns (`DisplayWidth`), as in `TextTable`, and
/// labels and values are made printable the same way, since either may be stored text (a card
/// id labels the sentences of `check --holder`, a merchant is a value).
struct FactSheet {
  /// The lines, in order.
  private(set) var rows: [(label: String, value: String)] = []

  /// Adds a line.
  mutating func append(_ label: String, _ value: String) {
    rows.append((TextTable.printable(label), TextTable.printable(value)))
  }

  /// The lines, each indented, label and value two spaces apart, ending in `\n`.
  func text(indent: String = "  ") -> String {
    let width = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
    var output = ""
    for (label, value) in rows {
      let padding = String(repeating: " ", count: width - DisplayWidth.of(label))
      var line = indent + label + padding + "  " + value
      while line.last == " " { line.removeLast() }
      output += line + "\n"
    }
    return output
  }
}
