import WalletCore

/// The facts of one purchase (recorded, or the hypothetical one of `wallet check`) under one
/// promotion: everything a reason's sentence may quote.
package struct ReasonFacts: Sendable {
  /// The promotion deciding.
  package var promotion: Promotion
  /// The card paid with.
  package var card: Card
  /// The primary holder whose rewards it counts toward.
  package var holder: Identifier
  /// When the purchase was made.
  package var time: Instant
  /// Where it stands with the bank.
  package var status: TransactionStatus
  /// How it was paid.
  package var method: PaymentMethod
  /// The currency of the amount.
  package var currency: Currency
  /// The amount paid.
  package var amount: Money
  /// What has been refunded of it.
  package var refunded: Money
  /// The merchant's category.
  package var mcc: MerchantCategoryCode?
  /// The binding it counts under, or why none does.
  package var enrollment: EnrollmentFinding
  /// The holder's rewards before it.
  package var holderRewardsBefore: Int
  /// The billing cycle it falls in.
  package var cycle: BillingCycle
  /// The holder's rewards in that cycle before it.
  package var cycleRewardsBefore: Int
  /// The holder's rewarded transactions in that cycle, before it.
  package var cycleRewardedBy: [Identifier]
  /// The rewards the promotion had paid before it, when it has a quota.
  package var quotaPaidBefore: Int?

  /// The amount less refunds, which the minimum spend is compared with.
  package var net: Money { amount - refunded }

  /// The facts as given.
  package init(
    promotion: Promotion,
    card: Card,
    holder: Identifier,
    time: Instant,
    status: TransactionStatus,
    method: PaymentMethod,
    currency: Currency,
    amount: Money,
    refunded: Money,
    mcc: MerchantCategoryCode?,
    enrollment: EnrollmentFinding,
    holderRewardsBefore: Int,
    cycle: BillingCycle,
    cycleRewardsBefore: Int,
    cycleRewardedBy: [Identifier],
    quotaPaidBefore: Int?
  ) {
    self.promotion = promotion
    self.card = card
    self.holder = holder
    self.time = time
    self.status = status
    self.method = method
    self.currency = currency
    self.amount = amount
    self.refunded = refunded
    self.mcc = mcc
    self.enrollment = enrollment
    self.holderRewardsBefore = holderRewardsBefore
    self.cycle = cycle
    self.cycleRewardsBefore = cycleRewardsBefore
    self.cycleRewardedBy = cycleRewardedBy
    self.quotaPaidBefore = quotaPaidBefore
  }
}
