import WalletCore

/// A promotion installed in a store.
public struct InstalledPromotion: Sendable, Equatable {
  /// Its rules.
  public var promotion: Promotion
  /// Whether it is compiled into wallet, and so cannot be removed.
  public var isBuiltIn: Bool
}

extension WalletStore {
  /// The built-in promotions the store lacks: a store made by an older wallet may not have one
  /// added since.
  func missingBuiltInPromotions() throws -> [Promotion] {
    try Promotion.builtIn.filter {
      try db.scalar("SELECT 1 FROM promotions WHERE id = ?", [$0.id.rawValue]) == nil
    }
  }

  /// Installs the built-in promotions that are missing; they are always installed.
  func installBuiltInPromotions() throws {
    for promotion in try missingBuiltInPromotions() {
      let query = "SELECT 1 FROM promotions WHERE id = ?"
      // Checked again inside the write lock: another process opening the same new store may
      // have installed it in between.
      try write {
        if try db.scalar(query, [promotion.id.rawValue]) == nil {
          try insertPromotion(promotion, builtIn: true)
        }
      }
    }
  }

  private func insertPromotion(_ promotion: Promotion, builtIn: Bool) throws {
    try db.execute(
      "INSERT INTO promotions(id, definition, built_in, installed_at) VALUES (?, ?, ?, ?)",
      [
        promotion.id.rawValue, promotion.jsonText, builtIn,
        try db.scalar("SELECT unixepoch()")?.int64Value,
      ])
    try recomputeAll([promotion])
  }

  /// Installs a promotion and decides every transaction under it. A promotion with the same id
  /// and the same rules changes nothing; different rules are a conflict unless `replace` is set.
  /// Built-in promotions cannot be replaced.
  @discardableResult
  public func installPromotion(_ promotion: Promotion, replace: Bool = false) throws
    -> UpsertOutcome
  {
    try write {
      let existing = try installed(promotion.id)
      if existing?.promotion == promotion { return .unchanged }
      if let existing {
        if existing.isBuiltIn { throw StoreError.builtInPromotion(promotion.id) }
        if !replace { throw StoreError.conflict(kind: .promotion, id: promotion.id) }
        try db.execute("DELETE FROM promotions WHERE id = ?", [promotion.id.rawValue])
        try insertPromotion(promotion, builtIn: false)
        return .replaced
      }
      try insertPromotion(promotion, builtIn: false)
      return .inserted
    }
  }

  /// Every installed promotion, built-in ones first, then by id.
  public func promotions() throws -> [InstalledPromotion] {
    try db.fetchAll(
      "SELECT id, definition, built_in FROM promotions ORDER BY built_in DESC, id",
      map: Self.installedPromotion(from:))
  }

  /// A row of `SELECT id, definition, built_in FROM promotions`. Wallet stores only definitions
  /// it has read; one it cannot read again was changed by something else.
  private static func installedPromotion(from row: Row) throws -> InstalledPromotion {
    let stored = StoredRow(row, table: "promotions")
    let definition = try stored.text(1, "definition")
    do {
      return InstalledPromotion(
        promotion: try Promotion.decode(json: Array(definition.utf8)),
        isBuiltIn: try stored.integer(2, "built_in") != 0)
    } catch let error as PromotionError {
      throw stored.damaged(
        .text(definition), "definition", expected: .readablePromotion(error))
    }
  }

  func installedPromotions() throws -> [Promotion] {
    try promotions().map(\.promotion)
  }

  /// The installed promotion with this id.
  public func installed(_ id: Identifier) throws -> InstalledPromotion? {
    try db.fetchOne(
      "SELECT id, definition, built_in FROM promotions WHERE id = ?", [id.rawValue],
      map: Self.installedPromotion(from:))
  }

  /// Removes an installed promotion and its decisions; built-in ones stay.
  public func removePromotion(_ id: Identifier) throws {
    try write {
      guard let existing = try installed(id) else { throw StoreError.unknownPromotion(id) }
      if existing.isBuiltIn { throw StoreError.builtInPromotion(id) }
      try db.execute("DELETE FROM decisions WHERE promotion = ?", [id.rawValue])
      try db.execute("DELETE FROM promotions WHERE id = ?", [id.rawValue])
    }
  }
}
