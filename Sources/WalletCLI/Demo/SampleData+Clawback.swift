import WalletCore

extension SampleData {
  /// `data/promotions/bocom-applepay-monthly-clawback.json`: the built-in promotion's rules with
  /// `refunds: clawback`, which the demo installs for its last step. Made from the built-in rather
  /// than pasted, so that the two cannot drift apart; SampleDataTests checks it is the file.
  static var clawbackPromotion: Promotion {
    var promotion = Promotion.bocomApplePayMonthly
    promotion.id = Identifier("bocom-applepay-monthly-clawback")
    promotion.name = "交通银行信用卡 Apple Pay 月月返（退款扣回）"
    promotion.refunds = .clawback
    return promotion
  }
}
