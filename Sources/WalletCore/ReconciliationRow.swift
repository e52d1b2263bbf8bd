/// What reconciliation found for an owed decision or a posting (SPEC section 7).
public enum ReconciliationStatus: String, CaseIterable, Hashable, Sendable,
  CustomStringConvertible
{
  /// Paid in full inside the window.
  case paid
  /// Paid in full, after the due date.
  case paidLate = "paid-late"
  /// Not paid yet, and not due yet.
  case notYetDue = "not-yet-due"
  /// Forfeited, and either never paid or paid and taken back.
  case forfeited
  /// Due, and nothing of that amount was posted.
  case missing
  /// A credit of another amount was posted inside the window.
  case amountDiffers = "amount-differs"
  /// A reward that is due was paid and taken back.
  case clawedBack = "clawed-back"
  /// A forfeited reward was paid and not taken back.
  case notClawedBack = "not-clawed-back"
  /// A credit that pays no owed decision.
  case unexpected
  /// A clawback that takes back no credit.
  case unmatchedClawback = "unmatched-clawback"

  /// Whether a person must look at it; any such row makes reconciliation exit 1.
  public var needsAttention: Bool {
    switch self {
    case .paid, .paidLate, .notYetDue, .forfeited: false
    case .missing, .amountDiffers, .clawedBack, .notClawedBack, .unexpected, .unmatchedClawback:
      true
    }
  }

  /// The status as the SPEC writes it.
  public var description: String { rawValue }
}

/// One reconciliation row: an owed decision with the credit it took, if any, or a posting no
/// decision explains (an unexpected credit, an unmatched clawback).
public struct ReconciliationRow: Hashable, Sendable {
  /// The holder the decision or posting belongs to.
  public var holder: Identifier
  /// The owed decision; nil for a posting's row.
  public var decision: OwedDecision?
  /// The credit the decision took, or the posting the row is about.
  public var posting: Posting?
  /// What was found.
  public var status: ReconciliationStatus

  /// A row.
  public init(
    holder: Identifier, decision: OwedDecision?, posting: Posting?, status: ReconciliationStatus
  ) {
    precondition(decision != nil || posting != nil, "a row is about a decision or a posting")
    self.holder = holder
    self.decision = decision
    self.posting = posting
    self.status = status
  }

  /// The decision's transaction; nil for a posting's row.
  public var transaction: Identifier? { decision?.transaction }
  /// The decision's card, else the posting's.
  public var card: Identifier { decision?.card ?? posting!.card }
  /// The first day of the decision's cycle.
  public var cycleStart: CivilDate? { decision?.cycleStart }
  /// The decision's due date.
  public var due: CivilDate? { decision?.due }
  /// What the decision is owed (for a forfeited one: the amount to take back).
  public var expected: Money? { decision?.amount }
  /// When the posting was made.
  public var postedOn: CivilDate? { posting?.date }
  /// The posting's amount.
  public var posted: Money? { posting?.amount }
}
