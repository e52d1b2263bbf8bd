import WalletCore
import WalletStore

/// An id given to a command that the store has never seen is a mistake, not an empty answer:
/// it is an error (exit status 65) that names the nearest ids the store knows, so that a typo
/// (`--holder ghost`, `--card NOPE`) never looks like "nothing here".
enum KnownIDs {
  /// Throws unless the store knows `id` as `kind`.
  static func require(
    _ id: Identifier, as kind: WalletStore.IDKind, store: WalletStore
  ) throws {
    guard try !store.knows(id, as: kind) else { return }
    let candidates = try store.idsNear(id, as: kind)
    throw CommandError(
      .dataError, message(id, as: kind, suggesting: nearest(to: id, among: candidates)))
  }

  /// Throws unless the store knows the id, when one was given.
  static func require(
    _ id: Identifier?, as kind: WalletStore.IDKind, store: WalletStore
  ) throws {
    if let id { try require(id, as: kind, store: store) }
  }

  /// Throws unless the store holds the transaction.
  static func require(transaction id: Identifier, store: WalletStore) throws {
    try require(id, as: .transaction, store: store)
  }

  /// The message: what is missing, then the nearest known ids, each sentence whole.
  static func message(
    _ id: Identifier, as kind: WalletStore.IDKind, suggesting near: [Identifier]
  ) -> String {
    let shown = shownTyped(id)
    let missing =
      switch kind {
      case .card: tr("no card \(shown) in the store")
      case .holder: tr("no holder \(shown) in the store")
      case .enrollment: tr("no enrollment \(shown) in the store")
      case .transaction: tr("no transaction \(shown) in the store")
      case .posting: tr("no posting \(shown) in the store")
      }
    return suggesting(
      near, after: missing, masks: kind != .transaction && kind != .posting)
  }

  /// The installed promotion `id`; unless the store has it, an error (exit status 65) that names
  /// the nearest installed promotions' ids, as for the store's other ids.
  static func promotion(_ id: Identifier, store: WalletStore) throws -> InstalledPromotion {
    if let installed = try store.installed(id) { return installed }
    let candidates = try store.promotions().map(\.promotion.id)
    let missing = tr("no promotion \(shownTyped(id)) is installed")
    throw CommandError(
      .dataError,
      suggesting(nearest(to: id, among: candidates), after: missing, masks: true))
  }

  /// An id a command was given, quoted for a message. One the store does not hold is no bank's
  /// reference but what someone typed, so a card number in it is masked whatever the kind of id
  /// (SPEC 6 exempts transaction and posting ids from being refused, not from being echoed).
  static func shownTyped(_ id: Identifier) -> String {
    ShownID.quoted(id, in: .current)
  }

  /// `missing`, then the nearest known ids when there are any.
  private static func suggesting(
    _ near: [Identifier], after missing: String, masks: Bool
  ) -> String {
    guard !near.isEmpty else { return missing }
    let list = near.map { ShownID.quoted($0, masks: masks) }
      .joined(separator: Language.current.listSeparator)
    return near.count == 1
      ? tr("\(missing); the nearest id the store knows is \(list)")
      : tr("\(missing); the nearest ids the store knows are \(list)")
  }

  /// Up to three ids near `id`, nearest first, then by id: the same id in another case, then
  /// those within ``allowedEdits(for:)`` edits of it, or that start with it when at least three
  /// characters were typed (`bocom` for `bocom-applepay-monthly`). An id near none gets none,
  /// rather than the first ids in order, which would only look like a suggestion.
  static func nearest(to id: Identifier, among candidates: [Identifier]) -> [Identifier] {
    let word = id.rawValue.lowercased()
    let allowed = allowedEdits(for: word)
    var seen: Set<Identifier> = []
    let scored = candidates.compactMap { candidate -> (Identifier, Int)? in
      guard seen.insert(candidate).inserted, candidate != id else { return nil }
      let other = candidate.rawValue.lowercased()
      if other == word { return (candidate, 0) }
      let edits = CommandLineParser.editDistance(word, other)
      guard edits <= allowed || (word.count >= 3 && other.hasPrefix(word)) else { return nil }
      return (candidate, edits + 1)
    }
    return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
  }

  /// How many edits (characters inserted, removed or changed) still make a known id a likely
  /// meaning of `word`: about a third of its length, at least one, so that `C9` finds `C1` and
  /// `ghost` finds no `H1`.
  static func allowedEdits(for word: String) -> Int { max(1, (word.count + 2) / 3) }
}
