import Testing

@testable import WalletCore

/// The one reader of typed JSON fields that promotions, payment requests and statement formats
/// are decoded with: each complaint names the field by its path and points at the value.
struct JSONFieldReaderTests {
  /// A family of problems of the reader's own, as every decoder has.
  enum Problem: JSONFileProblem, Equatable {
    case syntax(JSONSyntaxError.Kind)
    case field(JSONFieldProblem)
  }

  /// What a reader throws in these tests: the field, the problem and where.
  struct Located: Error, Equatable {
    let field: String?
    let problem: Problem
    let line: Int
    let column: Int
  }

  static func reader(_ json: String, nullIsAbsent: Bool = false) throws(Located)
    -> JSONFieldReader<Problem, Located>
  {
    try JSONFieldReader.root(
      of: Array(json.utf8), kind: .promotion, nullIsAbsent: nullIsAbsent,
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
        == Located(
          field: nil, problem: .field(.notAnObject(.promotion, found: .array)), line: 1,
          column: 2))
    #expect(
      Self.error { _ = try Self.reader("{") }
        == Located(
          field: nil,
          problem: .syntax(.endsInside(.object, opening: JSONPosition(line: 1, column: 1))),
          line: 1, column: 2))
  }

  @Test func aMissingFieldIsReportedAtItsObjectAndANullOneAtTheNull() throws {
    let json = "{\"a\": {\n  \"b\": null}}"
    let inner = try #require(try Self.reader(json).optionalObject("a"))
    #expect(
      Self.error { _ = try inner.required("c") }
        == Located(field: "a.c", problem: .field(.required), line: 1, column: 7))
    #expect(
      Self.error { _ = try inner.required("b") }
        == Located(field: "a.b", problem: .field(.requiredNotNull), line: 2, column: 8))
    let formatLike = try #require(try Self.reader(json, nullIsAbsent: true).optionalObject("a"))
    #expect(
      Self.error { _ = try formatLike.required("b") }
        == Located(field: "a.b", problem: .field(.required), line: 1, column: 7))
    #expect(inner.present("b") == nil)
  }

  @Test func anUnknownFieldIsReportedAtItsKey() throws {
    let reader = try Self.reader(#"{"known": 1, "nown": 2}"#)
    #expect(
      Self.error { try reader.refuseUnknown(["known"]) }
        == Located(
          field: "nown", problem: .field(.unknownField(of: .promotion)), line: 1, column: 14))
    let item = reader.reader(of: reader.object, at: reader.position, path: "x", kind: .summaryItem)
    #expect(
      Self.error { try item.refuseUnknown(["known"]) }?.problem
        == .field(.unknownField(of: .summaryItem)))
    #expect(Self.error { try item.refuseUnknown(["known"]) }?.field == "x.nown")
  }

  @Test func elementsAreNamedByTheirIndex() throws {
    let reader = try Self.reader(#"{"list": ["a", 2], "flag": "yes", "objects": [{}, 3]}"#)
    #expect(
      Self.error { _ = try reader.strings("list") }
        == Located(
          field: "list[1]", problem: .field(.mustBeString(found: .number("2"))), line: 1,
          column: 16))
    #expect(
      Self.error { _ = try reader.bool("flag", default: false) }?.problem
        == .field(.mustBeBool(found: .string("yes"))))
    #expect(
      Self.error { _ = try reader.objects("objects") }
        == Located(
          field: "objects[1]", problem: .field(.mustBeObject(found: .number("3"))), line: 1,
          column: 51))
    #expect(try reader.strings("absent").isEmpty)
    #expect(
      Self.error { _ = try reader.optionalStringWithNode("list") }?.problem
        == .field(.mustBeString(found: .array)))
  }

  @Test func aCardNumberInAStringIsRefusedByItsLastFour() throws {
    let reader = try Self.reader(#"{"name": "card 4111 1111 1111 1111", "other": "4111"}"#)
    #expect(
      Self.error { try reader.refuseCardNumber(in: "name") }
        == Located(
          field: "name", problem: .field(.cardNumber(lastFour: "1111")), line: 1, column: 10))
    #expect(Self.error { try reader.refuseCardNumber(in: "other") } == nil)
    #expect(Self.error { try reader.refuseCardNumber(in: "absent") } == nil)
  }

  @Test(
    "a value is named by its kind, a scalar with its text",
    arguments: [
      ("null", .null), ("true", .bool(true)), ("-1.5e3", .number("-1.5e3")),
      (#""x""#, .string("x")), ("[1]", .array), (#"{"a": 1}"#, .object),
    ] as [(String, JSONKind)])
  func kinds(text: String, kind: JSONKind) throws {
    #expect(try JSONReader.parse(Array(text.utf8)).kind == kind)
  }
}
