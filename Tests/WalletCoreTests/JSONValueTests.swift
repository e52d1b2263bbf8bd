import Testing

@testable import WalletCore

/// Hand-written JSON: keys in order, exact strings, the two layouts.
struct JSONValueTests {
  @Test func keysKeepTheirOrderAndStringsAreEscaped() {
    let value = JSONValue.object([
      ("z", .string("a\"b\\c/d\n\u{1}交")), ("a", .array([.integer(1), .null, .bool(true)])),
      ("empty", .object([])), ("none", .array([])),
    ])
    #expect(
      value.text == """
        {
          "z": "a\\"b\\\\c/d\\n\\u0001交",
          "a": [
            1,
            null,
            true
          ],
          "empty": {},
          "none": []
        }

        """)
  }

  @Test(
    "characters a terminal would obey are escaped; the rest is UTF-8",
    arguments: [
      ("\u{8}", "\\u0008"), ("\u{C}", "\\u000c"), ("\u{7F}", "\\u007f"), ("\u{85}", "\\u0085"),
      ("\u{202E}", "\\u202e"), ("\u{2028}", "\\u2028"), ("\u{2066}", "\\u2066"), ("\t", "\\t"),
      ("\r", "\\r"), ("/", "/"), ("é", "é"), ("👍🏽", "👍🏽"),
    ])
  func escaping(raw: String, written: String) {
    #expect(JSONValue.string(raw).text == "\"\(written)\"\n")
  }

  @Test(
    "the flat-inline layout puts containers of scalars on one line",
    arguments: [
      (JSONValue.array([]), "[]"),
      (.object([]), "{}"),
      (.array([.string("a"), .integer(2), .null]), "[\"a\", 2, null]"),
      (
        .object([("start", .string("2016-12-01")), ("end", .null)]),
        "{ \"start\": \"2016-12-01\", \"end\": null }"
      ),
      (.object([("k", .array([.bool(false)]))]), "{\n  \"k\": [false]\n}"),
      (.array([.array([]), .object([("a", .integer(1))])]), "[\n  [],\n  { \"a\": 1 }\n]"),
      (.string("x"), "\"x\""),
    ])
  func flatInline(value: JSONValue, written: String) {
    #expect(value.text(layout: .flatInline) == written + "\n")
  }

  @Test func theExpandedLayoutIsTheDefault() {
    let value = JSONValue.object([("a", .array([.integer(1)]))])
    #expect(value.text == value.text(layout: .expanded))
    #expect(value.text == "{\n  \"a\": [\n    1\n  ]\n}\n")
  }
}
