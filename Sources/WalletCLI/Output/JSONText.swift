import WalletCore

/// A JSON value whose objects keep their keys in the order given, written by hand so that
/// output is stable byte for byte: keys in the order the manual documents, amounts as exact
/// strings, and no `\/` escapes (which Foundation's serialiser adds on Linux).
indirect enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  /// An integer; amounts are strings instead, so that no reader turns them into floating point.
  case integer(Int)
  case string(String)
  case array([JSONValue])
  /// Keys in output order.
  case object([(String, JSONValue)])

  /// A string, or null when absent.
  static func optional(_ text: String?) -> JSONValue {
    text.map(JSONValue.string) ?? .null
  }

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.text == rhs.text
  }

  /// Pretty-printed with two-space indents, ending in a newline.
  var text: String {
    var output = ""
    write(to: &output, indent: "")
    return output + "\n"
  }

  private func write(to output: inout String, indent: String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .integer(let value): output += String(value)
    case .string(let value): JSONValue.writeString(value, to: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      let inner = indent + "  "
      output += "[\n"
      for (index, element) in elements.enumerated() {
        output += inner
        element.write(to: &output, indent: inner)
        output += index == elements.count - 1 ? "\n" : ",\n"
      }
      output += indent + "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      let inner = indent + "  "
      output += "{\n"
      for (index, (key, value)) in members.enumerated() {
        output += inner
        JSONValue.writeString(key, to: &output)
        output += ": "
        value.write(to: &output, indent: inner)
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += indent + "}"
    }
  }

  /// RFC 8259 escaping: quote, backslash and control characters, and also DEL, the C1 controls
  /// and the bidirectional overrides (`ShownValue.mustEscape`), which JSON allows raw but a
  /// terminal showing the JSON would obey; everything else as UTF-8.
  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where ShownValue.mustEscape(scalar):
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}
