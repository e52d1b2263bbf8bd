import Testing

@testable import WalletCore

/// The one reader of typed JSON fields that promotions, payment requests and statement formats
/// are decoded with: each complaint names the field by its path and points at the value.
struct JSONFieldReaderTests {
  /// What a reader throws in these tests: the field, the problem and where.
  struct Located: Error, Equatable {
    let field: String?
    let problem: String
    let line: Int
    let column: Int
  }

  static func reader(_ json: String, nullIsAbsent: Bool = false) throws(Located)
    -> JSONFieldReader<Located>
  {
    try JSONFieldReader.root(
      of: Array(json.utf8), kind: "test", nullIsAbsent: nullIsAbsent,
      notAnObject: { "a test is a JSON object, not \($0)" },
      failure: { Located(field: $0, problem: $1, line: $2.line, column: $2.column) })
  }

  /// What `body` threw, or nil when it threw nothing.
  static func error(_ body: () throws -> Void) -> Located? {
    do {
      try body()
      return nil
    } catch {
      return error as? Located
    }
  }

  @Test func aDocumentThatIsNoObjectIsRefusedWhereItStarts() {
    #expect(
      Self.error { _ = try Self.reader(" [1]") }
        == Located(field: nil, problem: "a test is a JSON object, not an array", line: 1, column: 2)
    )
    #expect(Self.error { _ = try Self.reader("{") }?.problem.hasPrefix("not valid JSON: ") == true)
  }

  @Test func aMissingFieldIsReportedAtItsObjectAndANullOneAtTheNull() throws {
    let json = "{\"a\": {\n  \"b\": null}}"
    let inner = try #require(try Self.reader(json).optionalObject("a"))
    #expect(
      Self.error { _ = try inner.required("c") }
        == Located(field: "a.c", problem: "is required", line: 1, column: 7))
    #expect(
      Self.error { _ = try inner.required("b") }
        == Located(field: "a.b", problem: "is required, not null", line: 2, column: 8))
    let formatLike = try #require(try Self.reader(json, nullIsAbsent: true).optionalObject("a"))
    #expect(
      Self.error { _ = try formatLike.required("b") }
        == Located(field: "a.b", problem: "is required", line: 1, column: 7))
    #expect(inner.present("b") == nil)
  }

  @Test func anUnknownFieldIsReportedAtItsKey() throws {
    let reader = try Self.reader(#"{"known": 1, "nown": 2}"#)
    #expect(
      Self.error { try reader.refuseUnknown(["known"]) }
        == Located(field: "nown", problem: "is not a test field", line: 1, column: 14))
    let item = reader.reader(
      of: reader.object, at: reader.position, path: "x", kind: "summary item")
    #expect(
      Self.error { try item.refuseUnknown(["known"]) }?.problem == "is not a summary item field")
    #expect(Self.error { try item.refuseUnknown(["known"]) }?.field == "x.nown")
  }

  @Test func elementsAreNamedByTheirIndex() throws {
    let reader = try Self.reader(#"{"list": ["a", 2], "flag": "yes", "objects": [{}, 3]}"#)
    #expect(
      Self.error { _ = try reader.strings("list") }
        == Located(
          field: "list[1]", problem: "must be a string, not the number 2", line: 1,
          column: 16))
    #expect(
      Self.error { _ = try reader.bool("flag", default: false) }?.problem
        == "must be true or false, not the string 'yes'")
    #expect(Self.error { _ = try reader.objects("objects") }?.field == "objects[1]")
    #expect(try reader.strings("absent").isEmpty)
    #expect(
      Self.error { _ = try reader.optionalStringWithNode("list") }?.problem
        == "must be a string, not an array")
  }
}
