/// A cashback promotion's rules, as data: who qualifies, how much each reward pays, and the limits.
public struct Promotion: Hashable, Sendable {
  /// The promotion's id, e.g. `bocom-applepay-monthly`.
  public var id: Identifier
  /// Its display name.
  public var name: String
  /// The issuer whose cards qualify, compared case-insensitively; nil for any issuer.
  public var issuer: String?
  /// The currency purchases must be in.
  public var currency: Currency
  /// The zone in which billing cycles and campaign days are counted.
  public var timeZone: TimeZoneRules
  /// The first and last days of the campaign, inclusive; nil for unbounded on that side.
  public var campaignStart: CivilDate?
  /// The last day of the campaign, inclusive.
  public var campaignEnd: CivilDate?
  /// The least a purchase must come to, after refunds, to earn.
  public var minimumSpend: Money
  /// The card types that qualify; nil for any.
  public var cardTypes: Set<CardType>?
  /// The networks that qualify; nil for any.
  public var networks: Set<Network>?
  /// Whether supplementary cards earn for their primary holder.
  public var supplementaryCards: SupplementaryCardPolicy
  /// Merchant categories that never earn.
  public var excludedMCCs: Set<MerchantCategoryCode>
  /// The day of the month (1–28) on which each billing cycle starts.
  public var cycleStartDay: Int
  /// How many rewards a holder may earn in one cycle.
  public var rewardsPerCycle: Int
  /// How many rewards a holder may earn in all.
  public var maxRewardsPerHolder: Int
  /// How many rewards the whole promotion pays, first come first served; nil for no limit.
  public var quota: Int?
  /// What the n-th reward pays, per channel.
  public var tiers: RewardTiers
  /// What a refund does to a purchase's reward: shrink the purchase before it is judged (`net`),
  /// or take back a reward already paid (`clawback`).
  public var refunds: RefundPolicy
  /// Whole days after the end of a reward's billing cycle by which the issuer posts it; read by
  /// reconciliation, not by the decision.
  public var postingDays: Int

  /// A promotion with the given rules; invariants are the validator's, checked on decoding.
  /// `refunds` and `postingDays` default as a file that leaves them out does.
  public init(
    id: Identifier, name: String, issuer: String?, currency: Currency,
    timeZone: TimeZoneRules, campaignStart: CivilDate?, campaignEnd: CivilDate?,
    minimumSpend: Money, cardTypes: Set<CardType>?, networks: Set<Network>?,
    supplementaryCards: SupplementaryCardPolicy, excludedMCCs: Set<MerchantCategoryCode>,
    cycleStartDay: Int, rewardsPerCycle: Int, maxRewardsPerHolder: Int, quota: Int?,
    tiers: RewardTiers, refunds: RefundPolicy = .net,
    postingDays: Int = Promotion.defaultPostingDays
  ) {
    precondition((1...28).contains(cycleStartDay), "cycleStartDay outside 1...28")
    precondition(postingDays >= 0, "postingDays below zero")
    precondition(rewardsPerCycle >= 1 && maxRewardsPerHolder >= 1, "limits below one")
    precondition(
      tiers.bankApp.count == maxRewardsPerHolder && tiers.wallet.count == maxRewardsPerHolder,
      "a tier schedule's length differs from maxRewardsPerHolder")
    self.id = id
    self.name = name
    self.issuer = issuer
    self.currency = currency
    self.timeZone = timeZone
    self.campaignStart = campaignStart
    self.campaignEnd = campaignEnd
    self.minimumSpend = minimumSpend
    self.cardTypes = cardTypes
    self.networks = networks
    self.supplementaryCards = supplementaryCards
    self.excludedMCCs = excludedMCCs
    self.cycleStartDay = cycleStartDay
    self.rewardsPerCycle = rewardsPerCycle
    self.maxRewardsPerHolder = maxRewardsPerHolder
    self.quota = quota
    self.tiers = tiers
    self.refunds = refunds
    self.postingDays = postingDays
  }

  /// The billing cycle an instant falls in.
  public func cycle(containing instant: Instant) -> BillingCycle {
    BillingCycle(containing: instant.localDate(in: timeZone), startDay: cycleStartDay)
  }
}

/// What happens to purchases on supplementary (附属) cards.
public enum SupplementaryCardPolicy: String, CanonicalCode {
  /// They count, and their rewards go to and share the limits of the primary holder.
  case countForPrimary = "count-for-primary"
  /// They never earn.
  case exclude
  /// Which list these codes are.
  public static let codeKind = CodeKind.supplementaryCardsPolicy
}

/// What a refund does to a purchase's reward (SPEC 3).
public enum RefundPolicy: String, CanonicalCode {
  /// The purchase is judged net of refunds: one refunded below the minimum never earns.
  case net
  /// The reward is paid at purchase and taken back (刷卡金扣回) when the purchase is refunded;
  /// the taken-back reward still uses up its place.
  case clawback
  /// Which list these codes are.
  public static let codeKind = CodeKind.refundsPolicy
}

/// The reward schedules: entry n is what a holder's n-th reward pays, by the channel that earns it.
public struct RewardTiers: Hashable, Sendable {
  /// For cards bound in the bank's app (买单吧).
  public var bankApp: [Money]
  /// For cards bound in Apple Wallet.
  public var wallet: [Money]

  /// Both schedules.
  public init(bankApp: [Money], wallet: [Money]) {
    self.bankApp = bankApp
    self.wallet = wallet
  }

  /// The schedule of a channel.
  public subscript(channel: Channel) -> [Money] {
    switch channel {
    case .bankApp: bankApp
    case .wallet: wallet
    }
  }
}

extension Promotion {
  /// The posting delay of a promotion that does not give one: 30 days.
  public static let defaultPostingDays = 30

  /// The longest posting delay a promotion may give, ten years: enough for any issuer, and it
  /// keeps a due date's arithmetic far from overflow.
  public static let maximumPostingDays = 3_650

  /// The largest reward a tier may pay, ¥1,000,000.00, so that totals stay exact.
  public static let maximumReward = Money(minorUnits: 100_000_000)

  /// 交通银行信用卡 Apple Pay 月月返, built in: `data/promotions/bocom-applepay-monthly.json`,
  /// compiled in by the EmbedData plugin and read by the decoder that reads a user's promotion
  /// file. The source gives no campaign dates, so it has none.
  public static let bocomApplePayMonthly: Promotion = {
    do {
      return try Promotion.decode(json: EmbeddedData.promotionsBocomApplepayMonthlyJSON)
    } catch {
      // PromotionTests decode the same file, so a broken one fails there before it ships.
      fatalError("data/promotions/bocom-applepay-monthly.json: \(error)")
    }
  }()

  /// Every promotion compiled into wallet, by id.
  public static let builtIn: [Promotion] = [bocomApplePayMonthly]
}
