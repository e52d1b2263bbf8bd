import Testing
import WalletCore

@testable import WalletCLI

/// `IDLookup` keeps the first 16 bytes of each id in its slot: ids of every length around that
/// boundary, ids that differ only past it, and a table that grows must all be found exactly.
struct IDLookupTests {
  /// Ids of 0 to 40 bytes, some sharing their first 16 bytes, some multi-byte UTF-8.
  static let ids: [String] = {
    var ids = (1...40).map { String(repeating: "x", count: $0) }
    ids += ["0123456789abcdefA", "0123456789abcdefB", "0123456789abcdef", "0123456789abcde"]
    ids += ["卡-一", "卡-二", "H1", "H1 ", "h1", "C43729-1", "C43729-10", "C4372-91"]
    return ids
  }()

  @Test func findsEveryIDAndOnlyThose() throws {
    var lookup = IDLookup(expectedCount: 2)
    for (entry, id) in Self.ids.enumerated() {
      #expect(lookup.insert(Identifier(id)) == nil, "\(id) is new")
      #expect(lookup.count == entry + 1)
    }
    for (entry, id) in Self.ids.enumerated() {
      #expect(lookup.entry(of: id) == Int32(entry), "\(id)")
      #expect(lookup.insert(Identifier(id)) == Int32(entry), "\(id) is already there")
    }
    for absent in ["", "0123456789abcdefC", "0123456789abcdefAB", "x\u{0}", "H2", "卡-三"] {
      #expect(lookup.entry(of: absent) == nil, "\(absent)")
    }
  }

  @Test func refusesARepeatedID() {
    #expect(IDLookup(unique: ["A", "B", "A"].map(Identifier.init), expectedCount: 3) == nil)
    let lookup = IDLookup(unique: ["A", "B", "C"].map(Identifier.init), expectedCount: 3)
    #expect(lookup?.entry(of: "C") == 2)
  }

  /// Many similar ids, as a bank's cards are numbered, through several doublings of the table.
  @Test func manySimilarIDs() {
    let ids = (0..<50_000).map { "C\($0)-\($0 % 3)" }
    guard let lookup = IDLookup(unique: ids.map(Identifier.init), expectedCount: 16) else {
      Issue.record("similar ids taken for repeats")
      return
    }
    #expect(ids.indices.allSatisfy { lookup.entry(of: ids[$0]) == Int32($0) })
    #expect(lookup.entry(of: "C50000-2") == nil)
  }
}
