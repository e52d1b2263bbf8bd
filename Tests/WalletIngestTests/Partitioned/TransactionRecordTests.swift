import Testing

@testable import WalletIngest

/// A work file's record stored field by field has the bytes of the record stored whole, which
/// is what its reader loads.
struct TransactionRecordTests {
  @Test func theFieldOffsetsAreTheLayouts() {
    let layout: [Int] = [
      MemoryLayout<TransactionRecord>.offset(of: \.position)!,
      MemoryLayout<TransactionRecord>.offset(of: \.time)!,
      MemoryLayout<TransactionRecord>.offset(of: \.amount)!,
      MemoryLayout<TransactionRecord>.offset(of: \.refunded)!,
      MemoryLayout<TransactionRecord>.offset(of: \.card)!,
      MemoryLayout<TransactionRecord>.offset(of: \.enrollment)!,
      MemoryLayout<TransactionRecord>.offset(of: \.idLength)!,
      MemoryLayout<TransactionRecord>.offset(of: \.currency)!,
      MemoryLayout<TransactionRecord>.offset(of: \.mcc)!,
      MemoryLayout<TransactionRecord>.offset(of: \.method)!,
      MemoryLayout<TransactionRecord>.offset(of: \.status)!,
    ]
    #expect(layout == TransactionRecord.fieldOffsets)
    #expect(MemoryLayout<TransactionRecord>.size == 50)
  }

  @Test(arguments: [0, 1, 7])
  func storedFieldByFieldItReadsBackWhole(offset: Int) {
    let record = TransactionRecord(
      position: 0x0102_0304_0506_0708, time: -1_700_000_000,
      amount: 123_456, refunded: 7, card: -5, enrollment: 0x7FFF_0001, idLength: 12,
      currency: 0xBEEF, mcc: -1, method: 0xA5, status: 0x5A)
    let size = MemoryLayout<TransactionRecord>.size
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size + 8, alignment: 8)
    defer { buffer.deallocate() }
    buffer.initializeMemory(as: UInt8.self, repeating: 0xCC, count: size + 8)
    record.store(at: buffer + offset)
    let read = (buffer + offset).loadUnaligned(as: TransactionRecord.self)
    #expect(read.position == record.position && read.time == record.time)
    #expect(read.amount == record.amount && read.refunded == record.refunded)
    #expect(read.card == record.card && read.enrollment == record.enrollment)
    #expect(read.idLength == record.idLength && read.currency == record.currency)
    #expect(read.mcc == record.mcc && read.method == record.method)
    #expect(read.status == record.status)
    // Nothing past the record is written.
    #expect((buffer + offset + size).load(as: UInt8.self) == 0xCC)
  }
}
