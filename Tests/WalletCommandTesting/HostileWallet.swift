import Testing

/// A wallet whose ids, merchants, postings and statement rows carry control characters: a
/// window-title sequence (`ESC ] 0 ; … BEL`), colour escapes and a clear-screen, which must
/// reach a person as `\u{1B}` text wherever they are shown.
public enum HostileWallet {
  /// A card id holding a window-title sequence.
  public static let card = "C\u{1B}]0;pwned\u{07}"
  /// A holder id holding a colour escape.
  public static let holder = "H\u{1B}[31m"
  /// A transaction id holding a clear-screen.
  public static let transaction = "T\u{1B}[2J"

  /// A new session holding the wallet (see `StoreTemplate`).
  public static func session() throws -> StoreSession { try template.session() }

  private static let template = StoreTemplate { session in
    try session.succeed(["init"])
    try session.write(
      "cards.csv",
      "card,holder,network,type,role,issuer\n\"\(card)\",\"\(holder)\",unionpay,credit,primary,bocom\n"
    )
    try session.write(
      "enrollments.csv",
      "id,card,channel,enrolled_at\n\"E\u{1B}[1m\",\"\(card)\",bank-app,2026-01-01T00:00:00+08:00\n"
    )
    try session.write(
      "transactions.csv",
      "id,card,time,amount,merchant\n\"\(transaction)\",\"\(card)\",2026-03-01T10:00:00+08:00,"
        + "150.00,\"shop\u{1B}[5m\u{9B}\"\n")
    try session.write(
      "postings.csv",
      "id,card,date,kind,amount,description\n\"P\u{1B}[1m\",\"\(card)\",2026-04-01,credit,10.00,"
        + "\"d\u{1B}[2J\"\n")
    try session.write(
      "statement.csv",
      "交易日期,记账日期,交易说明,交易币种/金额,入账币种/金额\n"
        + "2026-04-02,2026-04-03,\"消费 shop\u{1B}[5m\",CNY 120.00,CNY 120.00\n")
    for kind in ["cards", "enrollments", "transactions", "postings"] {
      try session.succeed(["import", kind, "\(kind).csv"])
    }
  }
}
