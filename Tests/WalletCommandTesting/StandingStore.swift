import Foundation
import Testing

/// A store under two SPEC 8 promotions, for what `check`, `statement` and `explain` say about a
/// threshold and limits: `monthly-spend` pays ¥30.00 once a month once the month's spend reaches
/// ¥100.00; `five-percent` pays 5 %, at most ¥12.00 in all and once a day per card. Holder H1
/// has CA (bank-app) and CB (wallet), issued by cmb, so that the built-in promotion refuses them
/// all and keeps its section 2 words.
///
/// Worked by hand: T1 (CA, 11-05, ¥60.00) is below the month's threshold and earns ¥3.00 of 5 %;
/// T2 (CB, 11-20, ¥50.00) reaches it (¥110.00) and earns ¥30.00 and ¥2.50; T3 (CA, 12-01 09:00,
/// ¥40.00) is below December's and earns ¥2.00; T4 (CB, 12-01 10:00, ¥200.00) reaches it
/// (¥240.00) and earns ¥30.00, and 5 % of it, ¥10.00, is cut to the ¥4.50 left of ¥12.00.
public enum StandingStore {
  /// ¥30.00 once a month once the month's spend reaches ¥100.00.
  public static let monthlySpend = """
    {"id": "monthly-spend", "name": "Monthly spend", "minimumSpend": "0.00",
     "cycleStartDay": 1, "reward": {"fixed": "30.00"},
     "limits": [{"count": 1, "per": "month"}],
     "threshold": {"spend": "100.00", "per": "month"}}
    """

  /// 5 %, at most ¥12.00 in all and one reward a day per card.
  public static let fivePercent = """
    {"id": "five-percent", "name": "Five percent", "cycleStartDay": 1,
     "reward": {"percent": "5"},
     "limits": [{"amount": "12.00", "per": "campaign"},
                {"count": 1, "per": "day", "scope": "card"}]}
    """

  /// Makes the store in `session`.
  public static func make(_ session: StoreSession) throws {
    try session.succeed(["init"])
    for (name, text) in [("monthly.json", monthlySpend), ("five.json", fivePercent)] {
      try session.succeed(["promotion", "add", try session.write(name, text)])
    }
    try session.succeed([
      "import", "cards",
      try session.write(
        "cards.csv",
        """
        card,holder,network,type,role,issuer
        CA,H1,unionpay,credit,primary,cmb
        CB,H1,visa,credit,primary,cmb

        """),
    ])
    try session.succeed(["enroll", "CA", "--channel", "bank-app", "--at", "2026-11-01"])
    try session.succeed(["enroll", "CB", "--channel", "wallet", "--at", "2026-11-01"])
    try session.succeed([
      "import", "transactions",
      try session.write(
        "transactions.csv",
        """
        id,card,time,amount
        T1,CA,2026-11-05T10:00,60.00
        T2,CB,2026-11-20T10:00,50.00
        T3,CA,2026-12-01T09:00,40.00
        T4,CB,2026-12-01T10:00,200.00

        """),
    ])
  }
}
