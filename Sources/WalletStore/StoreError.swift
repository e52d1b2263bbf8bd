import WalletCore

/// Why the store refused a request: a case with the values that say what, and no words. The
/// command line words each case, in each language, and adds the options that would get past
/// it (`--replace`, `--force`), which the store knows nothing of.
public enum StoreError: Error, Equatable, Sendable {
  /// The file is not a SQLite database.
  case notAStore(path: String)
  /// The store was written by a newer version of wallet.
  case newerStore(path: String)
  /// The store was written by an older version of wallet, and a command that only reads does
  /// not upgrade it.
  case needsUpgrade(path: String)
  /// The file is a SQLite database, but not a wallet store.
  case foreignDatabase(path: String)
  /// No store exists at the path.
  case missingStore(path: String)
  /// No card has this id.
  case unknownCard(Identifier)
  /// No enrollment has this id.
  case unknownEnrollment(Identifier)
  /// No transaction has this id.
  case unknownTransaction(Identifier)
  /// No installed promotion has this id.
  case unknownPromotion(Identifier)
  /// A record with this id exists with different content, and replacing it was not asked for.
  case conflict(kind: RecordKind, id: Identifier)
  /// The card has transactions, which removing it would delete too, and that was not asked for.
  case cardHasTransactions(Identifier, count: Int)
  /// A refund would take the refunded total above the amount.
  case refundExceedsAmount(Identifier, refunded: Money, amount: Money)
  /// Transactions on other cards name the card's enrollments; removing it would unlink them.
  case cardEnrollmentsNamedElsewhere(Identifier, count: Int)
  /// Built-in promotions cannot be removed.
  case builtInPromotion(Identifier)
  /// The enrollment was already removed.
  case enrollmentAlreadyRemoved(Identifier, at: Instant)
  /// A removal time at or before the enrollment's start.
  case removalBeforeEnrollment(Identifier)
  /// A stored row holds a value wallet never writes there (`value` nil for NULL): the file was
  /// changed by other software or damaged. The row is refused rather than read as a default,
  /// which would decide rewards on facts nobody recorded.
  case damagedRow(
    table: String, row: Identifier, column: String, value: String?, expected: StoredValue)
  /// Another connection held the store's lock for longer than the wait allows (SQLite's
  /// `SQLITE_BUSY` or `SQLITE_LOCKED`); trying again later may succeed.
  case busy
  /// SQLite found the file damaged (`SQLITE_CORRUPT`); `detail` is SQLite's own account.
  case damagedFile(detail: String)
  /// A write broke one of the schema's constraints; `detail` is SQLite's own account. The
  /// store checks what it writes first, so this means a store changed by other software.
  case constraintViolated(detail: String)
  /// Anything else SQLite or the file system refused (a full disk, a file that cannot be
  /// opened or written); `detail` is SQLite's own account.
  case unusable(detail: String)
  /// The operating system refused a step of making the store's file or folder ready (a folder
  /// that cannot be created, a file without permission), before SQLite was involved.
  case cannotPrepare(StoreFileProblem)

  /// The kinds of record the store keeps under an id.
  public enum RecordKind: String, Equatable, Sendable {
    /// A card.
    case card
    /// An enrollment.
    case enrollment
    /// A transaction.
    case transaction
    /// A posting.
    case posting
    /// An installed promotion.
    case promotion
  }

  /// What a damaged row's column should have held.
  public enum StoredValue: Equatable, Sendable {
    /// Any text (the column held none, or not as text).
    case text
    /// A code of this kind (``CanonicalCode/codeKind``) that wallet knows.
    case code(kind: String)
    /// A reason code wallet knows.
    case reason
    /// An ISO 4217 currency code.
    case currency
    /// A four-digit merchant category code.
    case merchantCategoryCode
    /// An integer.
    case wholeNumber
    /// A time, in nanoseconds since 1970.
    case time
    /// An amount in fen.
    case amountInFen
    /// A date written `YYYY-MM-DD`.
    case date
    /// The enrollment a reward was earned through.
    case rewardEnrollment
    /// The reason `refunded`, the only one that goes with an ordinal.
    case refundedBesideOrdinal
    /// A promotion definition wallet can read; `error` is why this one could not be read.
    case readablePromotion(PromotionError)
    /// `card-statement` or `app-export`.
    case sourceKind
    /// How an import decided a payment method: `format-rule`, `rules-file` or `command-line`
    /// (an earlier version's words in one of the shapes it wrote).
    case methodSource
  }
}

extension StoreError {
  /// Whether the error is about the store itself (a damaged row or file, or SQLite refusing),
  /// not about a row being added: an import stops at it whatever its policy, rather than report
  /// a line of its file as the cause.
  var isDamage: Bool {
    switch self {
    case .damagedRow, .busy, .damagedFile, .constraintViolated, .unusable, .cannotPrepare: true
    default: false
    }
  }

  /// What a failure of SQLite means to the store's user: a busy store, a damaged file, a
  /// broken constraint, or a store that cannot be used at all.
  init(_ error: SQLiteError) {
    if let problem = error.fileProblem {
      self = .cannotPrepare(problem)
    } else if error.isBusy {
      self = .busy
    } else if error.isCorrupt {
      self = .damagedFile(detail: error.message)
    } else if error.isConstraintViolation {
      self = .constraintViolated(detail: error.message)
    } else {
      self = .unusable(detail: error.message)
    }
  }
}

/// What adding a record did.
public enum UpsertOutcome: Equatable, Sendable {
  /// It was new.
  case inserted
  /// The same record was already there; nothing changed.
  case unchanged
  /// A different record with the id was overwritten (only when asked).
  case replaced
}
