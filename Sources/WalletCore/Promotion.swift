/// A cashback promotion's rules, as data: who qualifies, how much each reward pays, and the limits.
public struct Promotion: Hashable, Sendable {
  /// The promotion's id, e.g. `bocom-applepay-monthly`.
  public var id: Identifier
  /// Its display name.
  public var name: String
  /// The issuer whose cards qualify, kept and compared as a card's (`Issuer`); nil for any.
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
  /// How many rewards the whole promotion pays, first come first served; nil for no limit.
  public var quota: Int?
  /// What a refund does to a purchase's reward: shrink the purchase before it is judged (`net`),
  /// or take back a reward already paid (`clawback`).
  public var refunds: RefundPolicy
  /// Whole days after the end of a reward's billing cycle by which the issuer posts it; read by
  /// reconciliation, not by the decision.
  public var postingDays: Int

  // SPEC 8's rules. A section 2 file has `reward` (its `tiers`) and `limits` (one count per
  // cycle, one per campaign) and none of the others.

  /// What each reward pays.
  public var reward: PromotionReward {
    didSet { sectionTwo = SectionTwoView(reward: reward, limits: limits) }
  }
  /// The limits on rewards, in the file's order; they form a chain (`RewardLimit.nests`).
  public var limits: [RewardLimit] {
    didSet { sectionTwo = SectionTwoView(reward: reward, limits: limits) }
  }
  /// The spend a transaction's scope must reach in its period before it earns; nil for none.
  public var threshold: SpendThreshold?
  /// The ISO weekdays (1 Monday … 7 Sunday) on which purchases qualify; nil for every day.
  public var weekdays: Set<Int>?
  /// The days of the month (1…31) on which purchases qualify; nil for every day.
  public var monthDays: Set<Int>?
  /// The merchant categories that qualify (with `merchants`: either matching qualifies); nil
  /// when not restricted by category.
  public var mccs: Set<MerchantCategoryCode>?
  /// Texts a qualifying purchase's merchant contains (ASCII letters without case), in the
  /// file's order; nil when not restricted by merchant.
  public var merchants: [String]?
  /// The enrollment channels that qualify; nil for both.
  public var channels: Set<Channel>?
  /// Where the terms come from; no part of any decision.
  public var source: TermsSource?

  /// Section 2's fields as `reward` and `limits` give them, refreshed when either changes.
  private var sectionTwo: SectionTwoView

  /// How many rewards a holder may earn in one cycle: the holder's count limit per cycle
  /// (`Int.max` when there is none). Setting it sets that limit, adding it when missing.
  public var rewardsPerCycle: Int {
    get { sectionTwo.rewardsPerCycle }
    set { limits = SectionTwoView.setting(newValue, per: .cycle, in: limits) }
  }
  /// How many rewards a holder may earn in all: the holder's count limit per campaign
  /// (`Int.max` when there is none). Setting it sets that limit, adding it when missing.
  public var maxRewardsPerHolder: Int {
    get { sectionTwo.maxRewardsPerHolder }
    set { limits = SectionTwoView.setting(newValue, per: .campaign, in: limits) }
  }
  /// What the n-th reward pays, per channel: the schedules of a `tiers` reward, empty for any
  /// other kind. Setting it makes the reward these tiers.
  public var tiers: RewardTiers {
    get { sectionTwo.tiers }
    set { reward = .tiers(newValue) }
  }

  /// A promotion of section 2's form with the given rules; invariants are the validator's,
  /// checked on decoding. `refunds` and `postingDays` default as a file that leaves them out
  /// does.
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
    self.init(
      id: id, name: name, issuer: issuer, currency: currency, timeZone: timeZone,
      campaignStart: campaignStart, campaignEnd: campaignEnd, minimumSpend: minimumSpend,
      cardTypes: cardTypes, networks: networks, supplementaryCards: supplementaryCards,
      excludedMCCs: excludedMCCs, cycleStartDay: cycleStartDay, quota: quota,
      reward: .tiers(tiers),
      limits: Promotion.sectionTwoLimits(
        rewardsPerCycle: rewardsPerCycle, maxRewardsPerHolder: maxRewardsPerHolder),
      refunds: refunds, postingDays: postingDays)
  }

  /// A promotion with SPEC 8's rules; invariants are the validator's, checked on decoding.
  /// Every rule that is left out defaults as a file that leaves it out does.
  public init(
    id: Identifier, name: String, issuer: String?, currency: Currency,
    timeZone: TimeZoneRules, campaignStart: CivilDate?, campaignEnd: CivilDate?,
    minimumSpend: Money, cardTypes: Set<CardType>?, networks: Set<Network>?,
    supplementaryCards: SupplementaryCardPolicy, excludedMCCs: Set<MerchantCategoryCode>,
    cycleStartDay: Int, quota: Int?, reward: PromotionReward, limits: [RewardLimit],
    refunds: RefundPolicy = .net, postingDays: Int = Promotion.defaultPostingDays,
    threshold: SpendThreshold? = nil, weekdays: Set<Int>? = nil, monthDays: Set<Int>? = nil,
    mccs: Set<MerchantCategoryCode>? = nil, merchants: [String]? = nil,
    channels: Set<Channel>? = nil, source: TermsSource? = nil
  ) {
    precondition((1...28).contains(cycleStartDay), "cycleStartDay outside 1...28")
    precondition(postingDays >= 0, "postingDays below zero")
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
    self.quota = quota
    self.refunds = refunds
    self.postingDays = postingDays
    self.reward = reward
    self.limits = limits
    self.threshold = threshold
    self.weekdays = weekdays
    self.monthDays = monthDays
    self.mccs = mccs
    self.merchants = merchants
    self.channels = channels
    self.source = source
    sectionTwo = SectionTwoView(reward: reward, limits: limits)
  }

  /// Whether the reward and the limits are exactly what a section 2 file gives: a `tiers`
  /// reward, and the holder's count per cycle then per campaign (the schedules' length). Such a
  /// promotion's reward and limits are written back as section 2's fields.
  public var hasSectionTwoRewardAndLimits: Bool {
    guard case .tiers(let tiers) = reward else { return false }
    return limits
      == Promotion.sectionTwoLimits(
        rewardsPerCycle: rewardsPerCycle, maxRewardsPerHolder: maxRewardsPerHolder)
      && tiers.bankApp.count == maxRewardsPerHolder && tiers.wallet.count == maxRewardsPerHolder
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
