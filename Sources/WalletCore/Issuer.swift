/// A bank wallet knows by name (SPEC 1): a card or a promotion may name it any of the ways
/// people write it (`交通银行`, `交行`, `Bank of Communications`, `BoCom`), and it is kept by its
/// code (`bocom`), so that a card written one way matches a promotion written another.
public enum KnownBank: String, CaseIterable, Sendable {
  case bocom, cmb, icbc, ccb, boc, abc, citic, spdb, cgb, pingan, cmbc, cib, ceb, psbc, hxb

  /// The code a card or a promotion keeps: the raw value, e.g. `bocom`.
  public var code: String { rawValue }

  /// The bank's name in Chinese, as Chinese output shows it: `交通银行`.
  public var chineseName: String { names[0] }

  /// Every name the bank is known by besides its code, its Chinese name first.
  public var names: [String] {
    switch self {
    case .bocom: ["交通银行", "交行", "Bank of Communications", "BoCom", "bankcomm"]
    case .cmb: ["招商银行", "招行", "China Merchants Bank"]
    case .icbc: ["工商银行", "工行", "中国工商银行"]
    case .ccb: ["建设银行", "建行", "中国建设银行"]
    case .boc: ["中国银行", "中行", "Bank of China"]
    case .abc: ["农业银行", "农行", "中国农业银行"]
    case .citic: ["中信银行", "中信"]
    case .spdb: ["浦发银行", "浦发"]
    case .cgb: ["广发银行", "广发"]
    case .pingan: ["平安银行", "平安"]
    case .cmbc: ["民生银行", "民生"]
    case .cib: ["兴业银行", "兴业"]
    case .ceb: ["光大银行", "光大"]
    case .psbc: ["邮储银行", "中国邮政储蓄银行"]
    case .hxb: ["华夏银行", "华夏"]
    }
  }

  /// The bank `name` names (its code or any of its names, ignoring case, spaces, `-` and `_`);
  /// nil for any other text.
  public init?(name: String) {
    guard let bank = Self.byCode[name] ?? Self.byFoldedName[Self.fold(name)] else { return nil }
    self = bank
  }

  /// How names are compared: lower-cased, without spaces, `-` and `_`.
  public static func fold(_ text: String) -> String {
    String(text.lowercased().unicodeScalars.filter { !" -_".unicodeScalars.contains($0) })
  }

  /// Every bank by its code exactly, so that the usual case, a code, is found without folding.
  private static let byCode = Dictionary(uniqueKeysWithValues: allCases.map { ($0.code, $0) })

  /// Every bank by the folded form of its code and of each of its names.
  public static let byFoldedName: [String: KnownBank] = {
    var table: [String: KnownBank] = [:]
    for bank in allCases {
      for name in [bank.code] + bank.names {
        let previous = table.updateValue(bank, forKey: fold(name))
        precondition(previous == nil || previous == bank, "two banks share the name \(name)")
      }
    }
    return table
  }()
}

/// A card's or a promotion's issuer as wallet keeps and compares it (SPEC 1): a known bank by
/// its code, any other issuer as written, compared ignoring case.
public enum Issuer {
  /// The issuer as it is kept: the code of the bank `written` names, else `written` itself.
  public static func code(_ written: String) -> String {
    KnownBank(name: written)?.code ?? written
  }

  /// Whether two issuers are the same: known banks by their code, other text ignoring case.
  /// Either may be as written (a store made before issuers were kept by code).
  public static func same(_ left: String, _ right: String) -> Bool {
    sameIgnoringCase(code(left), code(right))
  }

  /// Whether a card of issuer `card` (nil when unknown) is of the issuer `promotion` wants (nil
  /// for any issuer).
  public static func qualifies(_ card: String?, for promotion: String?) -> Bool {
    guard let promotion else { return true }
    guard let card else { return false }
    return same(card, promotion)
  }

  /// Whether two texts are equal ignoring case, without making lower-cased copies in the
  /// common all-ASCII case: hundreds of thousands of cards are checked.
  static func sameIgnoringCase(_ left: String, _ right: String) -> Bool {
    let leftBytes = left.utf8
    let rightBytes = right.utf8
    guard leftBytes.allSatisfy({ $0 < 0x80 }) && rightBytes.allSatisfy({ $0 < 0x80 }) else {
      return left.lowercased() == right.lowercased()
    }
    func folded(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
    return leftBytes.count == rightBytes.count
      && zip(leftBytes, rightBytes).allSatisfy { folded($0) == folded($1) }
  }
}
