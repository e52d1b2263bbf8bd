/// Exports pad their cells with spaces and tabs, quoted cells too (`\t"1,025.80"\t`), which
/// RFC 4180 does not allow around the quotes. The padding outside a quoted cell is dropped
/// before the CSV reader sees the table, so that it reads `"1,025.80"`; everything else is
/// kept byte for byte, line breaks included, so that lines keep their numbers.
enum QuotedCellPadding {
  private static let quote = UInt8(ascii: "\"")
  private static let comma = UInt8(ascii: ",")

  private static func isPadding(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
  }

  private static func endsCell(_ byte: UInt8) -> Bool {
    byte == comma || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
  }

  /// `bytes` without the padding around quoted cells.
  static func removed(from bytes: [UInt8]) -> [UInt8] {
    guard bytes.contains(quote) else { return bytes }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    var atCellStart = true
    var inQuotes = false
    var afterClosingQuote = false
    while index < bytes.count {
      let byte = bytes[index]
      if inQuotes {
        output.append(byte)
        if byte == quote {
          if index + 1 < bytes.count, bytes[index + 1] == quote {
            output.append(quote)
            index += 1
          } else {
            inQuotes = false
            afterClosingQuote = true
          }
        }
        index += 1
        continue
      }
      if afterClosingQuote && isPadding(byte) {
        index += 1
        continue
      }
      afterClosingQuote = false
      if atCellStart && isPadding(byte) {
        var end = index
        while end < bytes.count, isPadding(bytes[end]) { end += 1 }
        if end < bytes.count, bytes[end] == quote {
          index = end
          continue
        }
        output.append(contentsOf: bytes[index..<end])
        index = end
        atCellStart = false
        continue
      }
      if atCellStart && byte == quote { inQuotes = true }
      output.append(byte)
      atCellStart = endsCell(byte)
      index += 1
    }
    return output
  }
}
