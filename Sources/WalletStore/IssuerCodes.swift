import WalletCore

/// The step that keeps known banks by their code (SPEC 1, issue 30): a store made before kept
/// issuers as written, so a card of `交通银行` did not match a promotion of `bocom`.
enum IssuerCodes {
  /// The `settings` key that asks the next writing open to decide every promotion again: a
  /// migration sees only the database, not the engine's store.
  static let decideAgainKey = "decide-again"

  /// Rewrites each card's issuer, and each installed promotion's, to what `Issuer.code` keeps;
  /// when any changed, the decisions made under the old names are stale, and the store is
  /// marked to decide them again (`WalletStore.decideAgainIfMarked`).
  static func migrate(_ db: Database) throws {
    var changed = false
    // By spelling, not by card: a bank's store holds millions of cards and a handful of issuers.
    let spellings = try db.fetchAll(
      "SELECT DISTINCT issuer FROM cards WHERE issuer IS NOT NULL"
    ) { row in try StoredRow(row, table: "cards").text(0, "issuer") }
    for written in spellings where Issuer.code(written) != written {
      try db.execute(
        "UPDATE cards SET issuer = ? WHERE issuer = ?", [Issuer.code(written), written])
      changed = true
    }
    // A definition is wallet's own encoding of what it read: decoded now, its issuer is a code,
    // and encoded again it differs from the stored text only if the issuer changed.
    let definitions = try db.fetchAll("SELECT id, definition FROM promotions") { row in
      let stored = StoredRow(row, table: "promotions")
      return (id: try stored.text(0, "id"), text: try stored.text(1, "definition"))
    }
    for definition in definitions {
      // One that cannot be read is reported as a damaged row where it is read, not here.
      guard let promotion = try? Promotion.decode(json: Array(definition.text.utf8)),
        promotion.jsonText != definition.text
      else { continue }
      try db.execute(
        "UPDATE promotions SET definition = ? WHERE id = ?", [promotion.jsonText, definition.id])
      changed = true
    }
    if changed {
      try db.execute(
        "INSERT OR REPLACE INTO settings(key, value) VALUES (?, 'issuer-codes')", [decideAgainKey])
    }
  }
}

extension WalletStore {
  /// Decides every installed promotion again if a migration asked for it (`IssuerCodes`), and
  /// clears the request, in one transaction.
  func decideAgainIfMarked() throws {
    let key = IssuerCodes.decideAgainKey
    guard try db.scalar("SELECT 1 FROM settings WHERE key = ?", [key]) != nil else { return }
    try write {
      try recomputeAll(try installedPromotions())
      try db.execute("DELETE FROM settings WHERE key = ?", [key])
    }
  }
}
