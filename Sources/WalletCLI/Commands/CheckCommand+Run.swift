import WalletCore
import WalletJobs
import WalletStore

extension CheckCommand {
  /// Checks the card, or decides the holder's purchase on each of their cards (`CheckJob`),
  /// and renders the report.
  func run(context: CommandContext) throws -> ExitStatus {
    if let card { return try checkCard(card.id, context: context) }
    guard let holder, let amount else {
      preconditionFailure("validate() lets through only a card, or --holder with --amount")
    }
    return try checkHolder(holder.id, amount: amount.money, context: context)
  }

  // MARK: A card

  private func checkCard(_ id: Identifier, context: CommandContext) throws -> ExitStatus {
    let store = try storeOptions.open(context: context, access: .read)
    try KnownIDs.require(id, as: .card, store: store)
    guard let card = try store.card(id) else { throw StoreError.unknownCard(id) }
    let zone = store.timeZone
    let at = try Clock.instant($at, context: context, zone: zone)
    let report = CardCheck(
      card: card, at: at, zone: zone, enrollments: try store.enrollments(card: id),
      networks: networks.allCodes(), capabilities: capabilities.allCodes(),
      promotions: try CheckJob.card(card, at: at, store: store).map {
        CardCheck.PromotionCheck(
          purchase: $0.purchase, decision: $0.decision, facts: $0.facts, standing: $0.standing,
          takes: $0.takes)
      })
    output.format.write(
      report.json, table: report.table(style:), wide: table, context: context)
    if earn { return report.earns ? .success : .no }
    return report.readiness.canMakePayments ? .success : .no
  }

  // MARK: A holder's purchase

  private func checkHolder(
    _ holder: Identifier, amount: Money, context: CommandContext
  ) throws -> ExitStatus {
    let currency = self.currency ?? Transaction.Defaults.currency
    let store = try storeOptions.open(context: context, access: .read)
    try KnownIDs.require(holder, as: .holder, store: store)
    let cards = try store.cards(holder: holder)
    let zone = store.timeZone
    let at = try Clock.instant($at, context: context, zone: zone)
    let decided = try CheckJob.purchase(
      of: amount, currency: currency, at: at, on: cards, store: store)
    let report = WhatIf(
      holder: holder, amount: amount, currency: currency, at: at, zone: zone, cards: cards,
      promotions: decided.map { promotion, cards, standing in
        WhatIf.PromotionDecisions(
          promotion: promotion,
          cards: cards.map {
            WhatIf.CardDecision(decision: $0.decision, facts: $0.facts, takes: $0.takes)
          },
          standing: standing)
      })
    output.format.write(
      report.json, table: report.table(style:), wide: table, context: context)
    return report.recommendation == nil ? .no : .success
  }
}
