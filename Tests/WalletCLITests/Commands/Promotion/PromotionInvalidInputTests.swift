import Foundation
import Testing
import WalletCommandTesting
import WalletTestSupport

/// One class of broken promotion file: its bytes, where the error must point, and what the
/// message must say.
struct BadPromotion: CustomTestStringConvertible, Sendable {
  let name: String
  let bytes: [UInt8]
  /// `LINE:COLUMN` in the file, columns counted in characters.
  let location: String
  /// What the message must contain: the field and the offending value, shown safely.
  let fragments: [String]
  /// How many times the edit applied to `base`; anything but 1 means the case tests something
  /// other than what it says.
  let edits: Int

  var testDescription: String { name }

  private init(
    _ name: String, bytes: [UInt8], location: String, fragments: [String], edits: Int = 1
  ) {
    self.name = name
    self.bytes = bytes
    self.location = location
    self.fragments = fragments
    self.edits = edits
  }

  /// A whole file.
  init(_ name: String, file: [UInt8], _ location: String, _ fragments: String...) {
    self.init(name, bytes: file, location: location, fragments: fragments)
  }

  /// `base` with `old` replaced by `new`.
  init(_ name: String, _ old: String, _ new: String, _ location: String, _ fragments: String...) {
    self.init(name, old, bytes: Array(new.utf8), location, fragments)
  }

  /// `base` with `old` replaced by bytes that need not be UTF-8.
  init(_ name: String, _ old: String, bytes new: [UInt8], _ location: String, _ fragments: [String])
  {
    let base = Array(Self.base.utf8)
    let ranges = base.ranges(of: Array(old.utf8))
    var bytes = base
    if let range = ranges.first { bytes.replaceSubrange(range, with: new) }
    self.init(name, bytes: bytes, location: location, fragments: fragments, edits: ranges.count)
  }

  /// `base` cut short right after `marker`.
  init(_ name: String, truncatedAfter marker: String, _ location: String, _ fragment: String) {
    let base = Array(Self.base.utf8)
    let ranges = base.ranges(of: Array(marker.utf8))
    self.init(
      name, bytes: Array(base[..<(ranges.first?.upperBound ?? base.endIndex)]),
      location: location, fragments: [fragment], edits: ranges.count)
  }

  /// A valid promotion with every field set (none null), one per line, so that each class
  /// breaks one value at a known place.
  static let base = """
    {
      "id": "test-promo",
      "name": "测试 月月返",
      "issuer": "bocom",
      "currency": "CNY",
      "timezone": "Asia/Shanghai",
      "campaign": { "start": "2026-01-01", "end": "2026-12-31" },
      "minimumSpend": "100.00",
      "cardTypes": ["credit"],
      "networks": ["unionpay", "visa"],
      "supplementaryCards": "count-for-primary",
      "excludedMCCs": ["5411"],
      "cycleStartDay": 22,
      "rewardsPerCycle": 1,
      "maxRewardsPerHolder": 4,
      "quota": 100,
      "tiers": {
        "bank-app": ["10.00", "15.00", "20.00", "20.00"],
        "wallet": ["5.00", "10.00", "15.00", "20.00"]
      }
    }

    """

  /// Every field of the document: missing (when required), of the wrong type, out of range or
  /// not in its list (when it has one), and the rules between fields.
  static let fields: [BadPromotion] = [
    BadPromotion(
      "id missing", #"  "id": "test-promo",\#n"#, #""#, "1:1", #"field 'id': is required"#),
    BadPromotion(
      "id null", #""id": "test-promo""#, #""id": null"#, "2:9",
      #"field 'id': is required, not null"#),
    BadPromotion(
      "id not a string", #""id": "test-promo""#, #""id": 7"#, "2:9",
      #"field 'id': must be a string, not the number 7"#),
    BadPromotion(
      "id blank", #""id": "test-promo""#, #""id": "  ""#, "2:9",
      #"field 'id': must not be blank, not the string '  '"#),
    BadPromotion(
      "name not a string", #""name": "测试 月月返""#, #""name": ["测试"]"#, "3:11",
      #"field 'name': must be a string, not an array"#),
    BadPromotion(
      "issuer not a string", #""issuer": "bocom""#, #""issuer": true"#, "4:13",
      #"field 'issuer': must be a string, not true"#),
    BadPromotion(
      "issuer empty", #""issuer": "bocom""#, #""issuer": """#, "4:13",
      #"field 'issuer': must not be empty"#),
    BadPromotion(
      "currency not a string", #""currency": "CNY""#, #""currency": 156"#, "5:15",
      #"field 'currency': must be a string, not the number 156"#),
    BadPromotion(
      "currency unknown", #""currency": "CNY""#, #""currency": "RMB""#, "5:15",
      #"field 'currency': 'RMB' is an unknown currency"#),
    BadPromotion(
      "time zone not a string", #""timezone": "Asia/Shanghai""#, #""timezone": {}"#, "6:15",
      #"field 'timezone': must be a string, not an object"#),
    BadPromotion(
      "unknown time zone", #""timezone": "Asia/Shanghai""#, #""timezone": "Mars/Olympus""#, "6:15",
      #"field 'timezone': unknown time zone 'Mars/Olympus'"#),
    BadPromotion(
      "time zone abbreviation", #""timezone": "Asia/Shanghai""#, #""timezone": "CST""#, "6:15",
      #"field 'timezone': unknown time zone 'CST'"#),
    BadPromotion(
      "campaign not an object", #"{ "start": "2026-01-01", "end": "2026-12-31" }"#, #""2026""#,
      "7:15", #"field 'campaign': must be an object or null, not the string '2026'"#),
    BadPromotion(
      "campaign unknown key", #""start": "2026-01-01""#, #""begin": "2026-01-01""#, "7:17",
      #"field 'campaign.begin': is not a promotion field"#),
    BadPromotion(
      "campaign start not a string", #""start": "2026-01-01""#, #""start": 20260101"#, "7:26",
      #"field 'campaign.start': must be a string, not the number 20260101"#),
    BadPromotion(
      "campaign start no such date", #""start": "2026-01-01""#, #""start": "2026-02-30""#, "7:26",
      #"field 'campaign.start': '2026-02-30': that date does not exist"#),
    BadPromotion(
      "campaign end malformed", #""end": "2026-12-31""#, #""end": "31/12/2026""#, "7:47",
      #"field 'campaign.end': '31/12/2026' is not a date of the form YYYY-MM-DD"#),
    BadPromotion(
      "campaign end before start", #""end": "2026-12-31""#, #""end": "2025-12-31""#, "7:47",
      #"field 'campaign.end': 2025-12-31 is before the campaign's start 2026-01-01"#),
    BadPromotion(
      "minimumSpend missing", #"  "minimumSpend": "100.00",\#n"#, #""#, "1:1",
      #"field 'minimumSpend': is required"#),
    BadPromotion(
      "minimumSpend a number", #""minimumSpend": "100.00""#, #""minimumSpend": 100"#, "8:19",
      #"field 'minimumSpend': must be an amount written as a string"#, #"not the number 100"#),
    BadPromotion(
      "minimumSpend negative", #""minimumSpend": "100.00""#, #""minimumSpend": "-1""#, "8:19",
      #"field 'minimumSpend': '-1': an amount cannot be negative"#),
    BadPromotion(
      "minimumSpend exponent", #""minimumSpend": "100.00""#, #""minimumSpend": "1e2""#, "8:19",
      #"field 'minimumSpend': '1e2': write the amount in plain digits"#),
    BadPromotion(
      "minimumSpend three decimals", #""minimumSpend": "100.00""#, #""minimumSpend": "100.001""#,
      "8:19", #"field 'minimumSpend': '100.001': an amount has at most two digits"#),
    BadPromotion(
      "minimumSpend currency symbol", #""minimumSpend": "100.00""#, #""minimumSpend": "¥100""#,
      "8:19", #"field 'minimumSpend': '¥100': an amount is digits"#),
    BadPromotion(
      "minimumSpend too large", #""minimumSpend": "100.00""#,
      #""minimumSpend": "99999999999999999999""#, "8:19",
      #"field 'minimumSpend': '99999999999999999999': the amount is too large"#),
    BadPromotion(
      "cardTypes not an array", #""cardTypes": ["credit"]"#, #""cardTypes": "credit""#, "9:16",
      #"field 'cardTypes': must be an array or null, not the string 'credit'"#),
    BadPromotion(
      "cardTypes empty", #""cardTypes": ["credit"]"#, #""cardTypes": []"#, "9:16",
      #"field 'cardTypes': must list at least one value"#),
    BadPromotion(
      "cardTypes unknown", #""cardTypes": ["credit"]"#, #""cardTypes": ["credit", "gold"]"#, "9:27",
      #"field 'cardTypes[1]': 'gold' is an unknown card type"#),
    BadPromotion(
      "cardTypes element not a string", #""cardTypes": ["credit"]"#, #""cardTypes": [1]"#, "9:17",
      #"field 'cardTypes[0]': must be a string, not the number 1"#),
    BadPromotion(
      "networks not an array", #""networks": ["unionpay", "visa"]"#, #""networks": "visa""#,
      "10:15", #"field 'networks': must be an array or null, not the string 'visa'"#),
    BadPromotion(
      "networks unknown", #""networks": ["unionpay", "visa"]"#,
      #""networks": ["unionpay", "diners"]"#, "10:28",
      #"field 'networks[1]': 'diners' is an unknown network"#),
    BadPromotion(
      "networks card number", #""networks": ["unionpay", "visa"]"#,
      #""networks": ["6222020000000000001"]"#, "10:16",
      #"field 'networks[0]': (a card number ending 0001, not shown) is an unknown network"#),
    BadPromotion(
      "supplementaryCards not a string", #""supplementaryCards": "count-for-primary""#,
      #""supplementaryCards": false"#, "11:25",
      #"field 'supplementaryCards': must be a string, not false"#),
    BadPromotion(
      "supplementaryCards unknown", #""supplementaryCards": "count-for-primary""#,
      #""supplementaryCards": "share""#, "11:25",
      #"field 'supplementaryCards': 'share' is an unknown"#),
    BadPromotion(
      "excludedMCCs not an array", #""excludedMCCs": ["5411"]"#, #""excludedMCCs": "5411""#,
      "12:19", #"field 'excludedMCCs': must be an array or null, not the string '5411'"#),
    BadPromotion(
      "excludedMCCs three digits", #""excludedMCCs": ["5411"]"#,
      #""excludedMCCs": ["5411", "541"]"#, "12:28",
      #"field 'excludedMCCs[1]': '541' is not a four-digit merchant code"#),
    BadPromotion(
      "excludedMCCs a number", #""excludedMCCs": ["5411"]"#, #""excludedMCCs": [5411]"#, "12:20",
      #"field 'excludedMCCs[0]': must be a string, not the number 5411"#),
    BadPromotion(
      "cycleStartDay missing", #"  "cycleStartDay": 22,\#n"#, #""#, "1:1",
      #"field 'cycleStartDay': is required"#),
    BadPromotion(
      "cycleStartDay a string", #""cycleStartDay": 22"#, #""cycleStartDay": "22""#, "13:20",
      #"field 'cycleStartDay': must be a whole number, not the string '22'"#),
    BadPromotion(
      "cycleStartDay a fraction", #""cycleStartDay": 22"#, #""cycleStartDay": 22.5"#, "13:20",
      #"field 'cycleStartDay': must be a whole number, not the number 22.5"#),
    BadPromotion(
      "cycleStartDay 29", #""cycleStartDay": 22"#, #""cycleStartDay": 29"#, "13:20",
      #"field 'cycleStartDay': must be between 1 and 28, not 29"#),
    BadPromotion(
      "cycleStartDay 0", #""cycleStartDay": 22"#, #""cycleStartDay": 0"#, "13:20",
      #"field 'cycleStartDay': must be between 1 and 28, not 0"#),
    BadPromotion(
      "cycleStartDay beyond 64 bits", #""cycleStartDay": 22"#,
      #""cycleStartDay": 99999999999999999999"#, "13:20",
      #"field 'cycleStartDay': is too large: must be at most 28, not 99999999999999999999"#),
    BadPromotion(
      "maxRewardsPerHolder beyond 64 bits", #""maxRewardsPerHolder": 4"#,
      #""maxRewardsPerHolder": 99999999999999999999"#, "15:26",
      "field 'maxRewardsPerHolder': is too large: must be at most 9223372036854775807, "
        + "not 99999999999999999999"),
    BadPromotion(
      "quota 1e30", #""quota": 100"#, #""quota": 1e30"#, "16:12",
      #"field 'quota': is too large: must be at most 9223372036854775807, not 1e30"#),
    BadPromotion(
      "rewardsPerCycle not a number", #""rewardsPerCycle": 1"#, #""rewardsPerCycle": "1""#, "14:22",
      #"field 'rewardsPerCycle': must be a whole number, not the string '1'"#),
    BadPromotion(
      "rewardsPerCycle 0", #""rewardsPerCycle": 1"#, #""rewardsPerCycle": 0"#, "14:22",
      #"field 'rewardsPerCycle': must be at least 1, not 0"#),
    BadPromotion(
      "maxRewardsPerHolder missing", #"  "maxRewardsPerHolder": 4,\#n"#, #""#, "1:1",
      #"field 'maxRewardsPerHolder': is required"#),
    BadPromotion(
      "maxRewardsPerHolder null", #""maxRewardsPerHolder": 4"#, #""maxRewardsPerHolder": null"#,
      "15:26", #"field 'maxRewardsPerHolder': is required, not null"#),
    BadPromotion(
      "maxRewardsPerHolder not a number", #""maxRewardsPerHolder": 4"#,
      #""maxRewardsPerHolder": "four""#, "15:26",
      #"field 'maxRewardsPerHolder': must be a whole number, not the string 'four'"#),
    BadPromotion(
      "maxRewardsPerHolder 0", #""maxRewardsPerHolder": 4"#, #""maxRewardsPerHolder": 0"#, "15:26",
      #"field 'maxRewardsPerHolder': must be at least 1, not 0"#),
    BadPromotion(
      "maxRewardsPerHolder exponent", #""maxRewardsPerHolder": 4"#, #""maxRewardsPerHolder": 4e0"#,
      "15:26", #"field 'maxRewardsPerHolder': must be a whole number, not the number 4e0"#),
    BadPromotion(
      "quota not a number", #""quota": 100"#, #""quota": true"#, "16:12",
      #"field 'quota': must be a whole number, not true"#),
    BadPromotion(
      "quota negative", #""quota": 100"#, #""quota": -1"#, "16:12",
      #"field 'quota': must be at least 0, not -1"#),
    BadPromotion(
      "tiers missing",
      #",\#n  "tiers": {\#n    "bank-app": ["10.00", "15.00", "20.00", "20.00"],\#n    "wallet": ["5.00", "10.00", "15.00", "20.00"]\#n  }"#,
      #""#, "1:1", #"field 'tiers': is required"#),
    BadPromotion(
      "tiers an array",
      #"{\#n    "bank-app": ["10.00", "15.00", "20.00", "20.00"],\#n    "wallet": ["5.00", "10.00", "15.00", "20.00"]\#n  }"#,
      #"["10.00"]"#, "17:12", #"field 'tiers': must be an object, not an array"#),
    BadPromotion(
      "tiers without wallet", #",\#n    "wallet": ["5.00", "10.00", "15.00", "20.00"]"#, #""#,
      "17:12", #"field 'tiers.wallet': is required"#),
    BadPromotion(
      "tiers unknown channel", #""wallet": ["5.00""#, #""apple": [], "wallet": ["5.00""#, "19:5",
      #"field 'tiers.apple': is not a channel"#),
    BadPromotion(
      "tiers channel twice", #""wallet": ["5.00""#, #""Bank-App": [], "wallet": ["5.00""#, "19:5",
      #"field 'tiers.Bank-App': repeats the bank-app channel (first at line 18, column 5)"#),
    BadPromotion(
      "tiers channel not an array", #""wallet": ["5.00", "10.00", "15.00", "20.00"]"#,
      #""wallet": "5.00""#, "19:15",
      #"field 'tiers.wallet': must be an array of amounts, not the string '5.00'"#),
    BadPromotion(
      "tiers too short", #""wallet": ["5.00", "10.00", "15.00", "20.00"]"#,
      #""wallet": ["5.00", "10.00", "15.00"]"#, "19:15",
      #"field 'tiers.wallet': has 3 amounts; maxRewardsPerHolder is 4, so it needs 4"#),
    BadPromotion(
      "tiers of unequal lengths", #""wallet": ["5.00", "10.00", "15.00", "20.00"]"#,
      #""wallet": ["5.00", "10.00", "15.00", "20.00", "25.00"]"#, "19:15",
      #"field 'tiers.wallet': has 5 amounts; maxRewardsPerHolder is 4"#),
    BadPromotion(
      "tiers amount not money", #""15.00", "20.00"]\#n  }"#, #""15.00", "twenty"]\#n  }"#, "19:42",
      #"field 'tiers.wallet[3]': 'twenty': an amount is digits"#),
    BadPromotion(
      "tiers amount a number", #""wallet": ["5.00""#, #""wallet": [5"#, "19:16",
      #"field 'tiers.wallet[0]': must be an amount written as a string"#, #"not the number 5"#),
    BadPromotion(
      "tiers amount negative", #""bank-app": ["10.00""#, #""bank-app": ["-10.00""#, "18:18",
      #"field 'tiers.bank-app[0]': '-10.00': an amount cannot be negative"#),
    BadPromotion(
      "tiers reward above the maximum", #""bank-app": ["10.00""#, #""bank-app": ["1000000.01""#,
      "18:18", #"field 'tiers.bank-app[0]': a reward is at most 1000000.00, not 1000000.01"#),
    BadPromotion(
      "unknown field", #""quota": 100"#, #""quota": 100,\#n  "cycleStartdays": 1"#, "17:3",
      #"field 'cycleStartdays': is not a promotion field"#),
    BadPromotion(
      "unknown field holding control characters", #""quota": 100"#,
      #""quota": 100,\#n  "a\u001b[2Jb": 1"#, "17:3",
      #"field 'a\u{1B}[2Jb': is not a promotion field"#),
  ]

  /// Files that are not JSON, or not JSON this reader accepts, and how positions are counted.
  static let documents: [BadPromotion] = [
    BadPromotion("empty file", file: [], "1:1", "not valid JSON: the file is empty"),
    BadPromotion(
      "only whitespace", file: Array("  \n\n".utf8), "3:1",
      "not valid JSON: expected a JSON value, found the end of the file"),
    BadPromotion(
      "garbage", file: Array("wallet rules\n".utf8), "1:1",
      "not valid JSON: expected a JSON value, found 'wallet'"),
    BadPromotion(
      "not an object", file: Array(#"["test-promo"]"#.utf8), "1:1",
      "a promotion is a JSON object, not an array"),
    BadPromotion(
      "UTF-16 with its byte order mark", file: [0xFF, 0xFE] + Array(#"{"id":"x"}"#.utf8), "1:1",
      "not valid JSON: invalid UTF-8 (byte 0xFF)"),
    BadPromotion(
      "truncated", truncatedAfter: #""cycleStartDay": 2"#, "13:21",
      "not valid JSON: the file ends inside the object that opens at line 1, column 1"),
    BadPromotion(
      "truncated inside a string", truncatedAfter: #""name": "测试"#, "3:14",
      "not valid JSON: the file ends inside the string that opens at line 3, column 11"),
    BadPromotion(
      "trailing comma in an object", #""20.00"]"# + "\n  }", #""20.00"],"# + "\n  }", "19:50",
      "not valid JSON: a trailing comma before '}' (JSON allows none)"),
    BadPromotion(
      "trailing comma in an array", #""20.00"]"# + "\n  }", #""20.00",]"# + "\n  }", "19:49",
      "not valid JSON: a trailing comma before ']' (JSON allows none)"),
    BadPromotion(
      "duplicate key", #""rewardsPerCycle": 1"#,
      #""cycleStartDay": 1,"# + "\n  " + #""rewardsPerCycle": 1"#, "14:3",
      "not valid JSON: the key 'cycleStartDay' appears twice in this object (first at line 13, "
        + "column 3)"),
    BadPromotion(
      "comment", #""quota": 100,"#, #""quota": 100, // 限量"#, "16:17",
      "not valid JSON: comments are not allowed in JSON"),
    BadPromotion(
      "NaN", #""quota": 100"#, #""quota": NaN"#, "16:12",
      "not valid JSON: expected a JSON value, found 'NaN'"),
    BadPromotion(
      "single quotes", #""issuer": "bocom""#, #"'issuer': 'bocom'"#, "4:3",
      "not valid JSON: expected a key in double quotes, found '''"),
    BadPromotion(
      "invalid UTF-8", #""name": "测试 月月返""#,
      bytes: Array(#""name": "测试 "#.utf8) + [0xFF] + Array(#"月月返""#.utf8), "3:15",
      ["not valid JSON: invalid UTF-8 (byte 0xFF)"]),
    BadPromotion(
      "lone surrogate", #""name": "测试 月月返""#, #""name": "测试 \ud800""#, "3:15",
      #"not valid JSON: '\uD800' is half of a UTF-16 surrogate pair without its other half"#),
    BadPromotion(
      "raw control character", #""name": "测试 月月返""#, "\"name\": \"测试\t月月返\"", "3:14",
      "not valid JSON: a control character (U+0009) must be escaped inside a string"),
    BadPromotion(
      "deep nesting", #""quota": 100"#,
      #""quota": "# + String(repeating: "[", count: 100) + String(repeating: "]", count: 100),
      "16:75", "not valid JSON: arrays and objects are nested more than 64 deep"),
    BadPromotion(
      "two documents", file: Array((base + base).utf8), "22:1",
      "not valid JSON: expected nothing after the end of the JSON value, found '{'"),
    BadPromotion(
      "byte order mark not counted",
      file: [0xEF, 0xBB, 0xBF] + Array(base.replacingOccurrences(of: "22,", with: "29,").utf8),
      "13:20", "field 'cycleStartDay': must be between 1 and 28, not 29"),
    BadPromotion(
      "CRLF line ends",
      file: Array(
        base.replacingOccurrences(of: "\n", with: "\r\n")
          .replacingOccurrences(of: "22,", with: "29,").utf8), "13:20",
      "field 'cycleStartDay': must be between 1 and 28, not 29"),
    BadPromotion(
      "columns count characters, not bytes", #""name": "测试 月月返""#,
      #""name": "测试 月月返", "cardtype": 1"#, "3:21",
      "field 'cardtype': is not a promotion field"),
    BadPromotion(
      "card number as a key", #""quota": 100"#,
      #""quota": 100,"# + "\n  " + #""6222020000000000001": 1"#, "17:3",
      "field '(a card number ending 0001, not shown)': is not a promotion field"),
    BadPromotion(
      "long value", #""timezone": "Asia/Shanghai""#,
      #""timezone": ""# + String(repeating: "A", count: 5_000) + #"""#, "6:15",
      "field 'timezone': unknown time zone '" + String(repeating: "A", count: 40) + "…'"),
  ]

  static let all = fields + documents
}

/// A promotion file that breaks a rule is refused wherever a promotion file is read, with exit
/// status 65, `p.json:LINE:COLUMN`, the field and the offending value, and nothing written.
struct PromotionInvalidInputTests {
  @Test("the base document is valid, so each class breaks exactly one thing")
  func baseIsValid() throws {
    let folder = try TemporaryFolder()
    try folder.write("p.json", BadPromotion.base)
    let result = try Self.batch(in: folder)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(folder.exists("out.csv"))
  }

  @Test(
    "wallet batch --promotion refuses it and leaves the output alone",
    arguments: BadPromotion.all)
  func batch(_ bad: BadPromotion) throws {
    #expect(bad.edits == 1, "the edit must apply exactly once")
    let folder = try TemporaryFolder()
    try folder.write("p.json", bytes: bad.bytes)
    try folder.write("out.csv", "previous output\n")
    let result = try Self.batch(in: folder)
    Self.expectRefusal(result, bad)
    #expect(folder.read("out.csv") == "previous output\n")
    #expect(
      folder.fileNames == ["cards.csv", "enrollments.csv", "out.csv", "p.json", "transactions.csv"])
  }

  @Test("wallet promotion add refuses it and leaves the store alone", arguments: BadPromotion.all)
  func promotionAdd(_ bad: BadPromotion) throws {
    let session = try Self.goodPromotionAdded.session()
    let listed = try session.succeed(["promotion", "list", "--format", "csv"]).stdout
    let before = try session.storeBytes()
    try session.folder.write("p.json", bytes: bad.bytes)
    let result = try session.run(["promotion", "add", "p.json"])
    Self.expectRefusal(result, bad)
    #expect(try session.storeBytes() == before)
    #expect(try session.succeed(["promotion", "list", "--format", "csv"]).stdout == listed)
  }

  /// A new store with a good promotion added, made once per run (see `StoreTemplate`).
  static let goodPromotionAdded = StoreTemplate { session in
    try session.succeed(["init"])
    try session.write("good.json", PromotionCommandTests.monthly)
    try session.succeed(["promotion", "add", "good.json"])
  }

  static func batch(in folder: TemporaryFolder) throws -> WalletProcess.Result {
    try folder.write("cards.csv", BatchFiles.goodCards)
    try folder.write("enrollments.csv", BatchFiles.goodEnrollments)
    try folder.write("transactions.csv", BatchFiles.goodTransactions)
    return try CommandHarness.run(
      [
        "batch", "--cards", "cards.csv", "--enrollments", "enrollments.csv", "--transactions",
        "transactions.csv", "--promotion", "p.json", "--out", "out.csv", "--decisions",
        "decisions.csv",
      ], directory: folder.url)
  }

  static func expectRefusal(
    _ result: WalletProcess.Result, _ bad: BadPromotion,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == 65, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(
      result.stderr.hasPrefix("Error: p.json:\(bad.location): "), "\(result.stderr)",
      sourceLocation: sourceLocation)
    for fragment in bad.fragments {
      #expect(result.stderr.contains(fragment), "\(result.stderr)", sourceLocation: sourceLocation)
    }
    // One short line with no raw control character and no card number, whatever the file held.
    #expect(result.stderr.lines.count == 1, sourceLocation: sourceLocation)
    #expect(result.stderr.utf8.count < 500, sourceLocation: sourceLocation)
    #expect(
      !result.stderr.dropLast().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
      sourceLocation: sourceLocation)
    let digits = result.stderr.filter(\.isNumber)
    #expect(
      !digits.contains("622202000000") && !digits.contains("411111111111"),
      sourceLocation: sourceLocation)
  }
}
