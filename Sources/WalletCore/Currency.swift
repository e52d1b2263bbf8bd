/// An ISO 4217 currency code, always written upper-case (`CNY`).
public struct Currency: Hashable, Sendable, CustomStringConvertible {
  /// The three upper-case letters.
  public let code: String

  /// Renminbi, the default currency of transactions and promotions.
  public static let cny = Currency(uncheckedCode: "CNY")

  private init(uncheckedCode: String) {
    code = uncheckedCode
  }

  /// Reads a code case-insensitively; nil unless it is in the ISO 4217 list.
  public init?(parsing text: String) {
    let upper = text.uppercased()
    guard upper.utf8.count == 3, Currency.iso4217.contains(upper) else { return nil }
    code = upper
  }

  /// Reads a code, throwing an error a cardholder understands.
  public static func parse(_ text: String) throws(CodeError) -> Currency {
    guard let currency = Currency(parsing: text) else {
      throw CodeError(kind: .currency, value: text, allowed: [])
    }
    return currency
  }

  /// The code.
  public var description: String { code }

  // Active ISO 4217 codes, plus a few recently withdrawn ones that old statements still carry.
  private static let iso4217: Set<String> = Set(
    """
    AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV BRL BSD BTN BWP
    BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB
    EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD
    JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU
    MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD
    RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY
    TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAF XAG XAU XBA XBB XBC XBD XCD
    XCG XDR XOF XPD XPF XPT XSU XTS XUA XXX YER ZAR ZMW ZWG ZWL
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}

extension Currency {
  /// How many digits ISO 4217 gives the currency's minor unit (2 for CNY's fen, 0 for JPY, 3 for
  /// KWD); nil for the codes that are not money one pays with (gold, SDR, the test code), which
  /// ISO 4217 lists without a minor unit.
  public var minorUnitDigits: Int? {
    if Currency.withoutMinorUnit.contains(code) { return nil }
    return Currency.minorUnitExceptions[code] ?? 2
  }

  // ISO 4217's exponents where they are not 2.
  private static let minorUnitExceptions: [String: Int] = {
    var digits: [String: Int] = [:]
    for code in """
    BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF
    """.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      digits[String(code)] = 0
    }
    for code in ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"] { digits[code] = 3 }
    for code in ["CLF", "UYW"] { digits[code] = 4 }
    return digits
  }()

  // Precious metals, bond-market units, SDR, the test and the "no currency" codes.
  private static let withoutMinorUnit: Set<String> = [
    "XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XDR", "XPD", "XPT", "XSU", "XTS", "XUA", "XXX",
  ]
}
