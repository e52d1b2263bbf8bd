/// The smallest good input files of `wallet batch`, and their headers, which tests of batch and
/// of reading files change one thing in.
public enum BatchFiles {
  /// The cards file's header.
  public static let cardsHeader = "card,holder,network,type,role,issuer,last4\n"
  /// The enrollments file's header.
  public static let enrollmentsHeader = "id,card,channel,enrolled_at,removed_at\n"
  /// The transactions file's header, every column named.
  public static let transactionsHeader =
    "id,card,time,amount,currency,method,status,refunded,enrollment,merchant,mcc\n"
  /// One bocom credit card, C1 of holder H1.
  public static let goodCards = cardsHeader + "C1,H1,unionpay,credit,primary,bocom,1234\n"
  /// C1 bound in the bank's app, E1.
  public static let goodEnrollments =
    enrollmentsHeader + "E1,C1,bank-app,2026-01-01T00:00:00+08:00,\n"
  /// One purchase on C1 that earns a reward, T1.
  public static let goodTransactions =
    transactionsHeader + "T1,C1,2026-11-25T10:00:00+08:00,150.00,CNY,apple-pay,settled,,,,\n"

  /// Standard error without the warning that a limit below what the program with the cards
  /// and enrollments takes cannot be kept (in English or Chinese), and whether it was there
  /// (once).
  public static func withoutLimitWarning(_ stderr: String) -> (rest: String, warned: Bool) {
    let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false)
    let kept = lines.filter {
      !$0.hasPrefix("Warning: the program with the cards and enrollments alone takes")
        && !$0.hasPrefix("警告：程序连同卡片和绑定就约占")
    }
    return (kept.joined(separator: "\n"), lines.count - kept.count == 1)
  }
}
