/// A JSON value whose objects keep their keys in the order given, written by hand so that
/// output is stable byte for byte: keys in the order the manual documents, amounts as exact
/// strings, and no `\/` escapes (which Foundation's serialiser adds on Linux).
///
/// The reports of the command line and promotions (as stores keep them and `promotion show`
/// prints them) are written by this one writer, so that all of them escape the same characters.
public indirect enum JSONValue: Equatable, Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// An integer; amounts are strings instead, so that no reader turns them into floating point.
  case integer(Int)
  /// A string.
  case string(String)
  /// An array, in order.
  case array([JSONValue])
  /// An object; keys in output order.
  case object([(String, JSONValue)])

  /// How arrays and objects are laid out on lines.
  public enum Layout: Sendable {
    /// Every element and member on a line of its own, indented two spaces a level: the reports
    /// of the command line, whose arrays may be long.
    case expanded
    /// An array or object that holds no array or object on one line (`["a", "b"]`,
    /// `{ "start": "2016-12-01", "end": null }`), the others expanded: the SPEC's layout of a
    /// promotion file, short enough to read at a glance.
    case flatInline
  }

  /// A string, or null when absent.
  public static func optional(_ text: String?) -> JSONValue {
    text.map(JSONValue.string) ?? .null
  }

  /// Whether both are written alike: objects compare with their keys in order.
  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.text == rhs.text
  }

  /// Pretty-printed with two-space indents, ending in a newline.
  public var text: String {
    text(layout: .expanded)
  }

  /// Appends the value as it appears inside a container whose members are at `indent`: the
  /// first line without indent (the caller writes it), the lines after it indented from
  /// `indent`, and no newline at the end. For writing an array element by element, as long
  /// listings do.
  public func append(to output: inout String, indent: String) {
    write(to: &output, indent: indent, layout: .expanded)
  }

  /// Written in `layout`, with two-space indents, ending in a newline.
  public func text(layout: Layout) -> String {
    var output = ""
    write(to: &output, indent: "", layout: layout)
    return output + "\n"
  }

  /// Whether this is an array or object holding only scalars, which `.flatInline` puts on one
  /// line.
  private var isFlatContainer: Bool {
    func isScalar(_ value: JSONValue) -> Bool {
      switch value {
      case .array, .object: false
      case .null, .bool, .integer, .string: true
      }
    }
    switch self {
    case .array(let elements): return elements.allSatisfy(isScalar)
    case .object(let members): return members.allSatisfy { isScalar($0.1) }
    case .null, .bool, .integer, .string: return false
    }
  }

  private func write(to output: inout String, indent: String, layout: Layout) {
    if layout == .flatInline && isFlatContainer {
      writeOnOneLine(to: &output)
      return
    }
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
        element.write(to: &output, indent: inner, layout: layout)
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
        value.write(to: &output, indent: inner, layout: layout)
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += indent + "}"
    }
  }

  /// An array or object of scalars on one line: `[a, b]`, `{ "k": v, "l": w }`; empty ones as
  /// `[]` and `{}`, as the expanded layout writes them.
  private func writeOnOneLine(to output: inout String) {
    switch self {
    case .array(let elements):
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += ", " }
        element.write(to: &output, indent: "", layout: .expanded)
      }
      output += "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{ "
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += ", " }
        JSONValue.writeString(key, to: &output)
        output += ": "
        value.write(to: &output, indent: "", layout: .expanded)
      }
      output += " }"
    case .null, .bool, .integer, .string:
      write(to: &output, indent: "", layout: .expanded)
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
