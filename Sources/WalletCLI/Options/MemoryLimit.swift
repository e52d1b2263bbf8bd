/// `--memory`: a number of bytes, with K, M, G or T (powers of 1024) after it, or none.
struct MemoryLimit: ExpressibleByArgument {
  /// The bytes.
  let bytes: Int

  init(argument: String) throws {
    var text = argument.trimmingSpacesAndTabs.uppercased()
    if text.hasSuffix("B") && text.count > 1 { text.removeLast() }
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
    var unit = 1
    if let last = text.last, let scale = units[last] {
      unit = scale
      text.removeLast()
    }
    guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let count = Int(text), count > 0, count <= Int.max / unit
    else {
      throw ArgumentValueError(.notAByteCount)
    }
    bytes = count * unit
  }

  /// A limit of `bytes` bytes.
  init(bytes: Int) {
    self.bytes = bytes
  }
}
