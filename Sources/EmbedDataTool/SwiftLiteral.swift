/// Swift source text for the generated members.
enum SwiftLiteral {
  /// An expression of type `[UInt8]` holding `bytes`: a string literal's UTF-8 when the bytes
  /// are UTF-8 (it compiles much faster than an array literal, and reads as the file does),
  /// else an array literal.
  static func bytes(_ bytes: [UInt8]) -> String {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      return "[" + bytes.map { String($0) }.joined(separator: ", ") + "]"
    }
    return "Array(\(string(text)).utf8)"
  }

  /// A one-line string literal of `text`: printable ASCII as it is, everything else escaped as
  /// a scalar, so that what the compiler reads is exactly the file's scalars and no character
  /// of the data (a bidirectional override, a line separator) can change how the source reads.
  static func string(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case " "..."~": literal.unicodeScalars.append(scalar)
      default: literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    return literal + "\""
  }
}

/// The name of an embedded file's member.
enum EmbeddedName {
  /// `data/formats/bocom-credit.json` → `formatsBocomCreditJSON`: the path under `data/`, each
  /// word capitalised but the first, and the extension in capitals.
  static func of(_ path: String) -> String {
    var relative = Substring(path)
    if relative.hasPrefix("data/") { relative = relative.dropFirst(5) }
    let dot = relative.lastIndex(of: ".")
    let stem = dot.map { relative[..<$0] } ?? relative
    let suffix = dot.map { relative[relative.index(after: $0)...].uppercased() } ?? ""
    let words = stem.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    var name = ""
    for (position, word) in words.enumerated() {
      name += position == 0 ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst()
    }
    if name.first.map({ !$0.isLetter }) ?? true { name = "file" + name }
    return name + suffix
  }
}
