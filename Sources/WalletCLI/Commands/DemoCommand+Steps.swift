import WalletCore

extension DemoCommand {
  /// One step: a heading and the command it shows, as a user would type it.
  struct Step {
    let heading: String
    let arguments: [String]
    /// The exit statuses that mean the step worked: a check may answer "no" (1).
    let expected: Set<ExitStatus>
  }

  static let steps = [
    Step(
      heading: "Can this card earn now?", arguments: ["check", "C-ZW-BOCOM"], expected: [.success]),
    Step(
      heading: "Which of H003's cards should pay ¥150?",
      arguments: ["check", "--holder", "H003", "--amount", "150"], expected: [.success]),
    Step(
      heading: "And H002's, already rewarded this cycle?",
      arguments: ["check", "--holder", "H002", "--amount", "150"], expected: [.success, .no]),
    Step(heading: "What has each holder earned?", arguments: ["statement"], expected: [.success]),
    Step(
      heading: "Why did T2005 earn nothing?", arguments: ["explain", "T2005"],
      expected: [.success]),
    // Exit 1: H002's reconciliation has rows that need attention, which is what it shows.
    Step(
      heading: "Was H002 paid?", arguments: ["reconcile", "--holder", "H002"],
      expected: [.success, .no]),
    Step(
      heading: "H003 pays 盒马鲜生's Apple Pay request: which card does the sheet offer?",
      arguments: ["pay", paymentRequestPath, "--holder", "H003", "--authorize", "--id", "AP1"],
      expected: [.success]),
  ]

  /// Where the payment request the demo plays is shipped; the demo writes its own copy
  /// (`SampleData.paymentRequest`) and shows this name, which a user can type in the package.
  static let paymentRequestPath = "data/requests/unionpay-emv-cny.json"

  /// The last step, apart from the others: the sample's T2002, refunded below the minimum, under
  /// the built-in's rules with `refunds: clawback`. That promotion is installed only just before
  /// it, so that the steps above show the built-in alone.
  static let clawbackStep = Step(
    heading: "And if T2002's refund took its reward back (refunds: clawback)?",
    arguments: ["explain", "T2002", "--promotion", SampleData.clawbackPromotion.id.rawValue],
    expected: [.success])
}
