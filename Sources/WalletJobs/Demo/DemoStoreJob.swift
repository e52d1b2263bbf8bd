import WalletCore
import WalletIngest
import WalletStore

/// What the demo's store was built from: how many records of each file it took.
package struct DemoStoreReport {
  /// The cards imported.
  package let cards: Int
  /// The enrollments (Apple Pay bindings) imported.
  package let enrollments: Int
  /// The transactions imported.
  package let transactions: Int
  /// The postings imported.
  package let postings: Int
}

/// The files of the sample data, written where the demo's store is built.
package struct DemoSampleFiles {
  /// The cards file.
  package var cards: String
  /// The enrollments file.
  package var enrollments: String
  /// The transactions file.
  package var transactions: String
  /// The postings file.
  package var postings: String

  /// The sample's files at these paths.
  package init(cards: String, enrollments: String, transactions: String, postings: String) {
    self.cards = cards
    self.enrollments = enrollments
    self.transactions = transactions
    self.postings = postings
  }
}

/// `wallet demo`'s store as a job: made as `wallet init` makes one, and filled as `wallet
/// import` fills one (the same jobs, without their messages), so that the demo's steps see what
/// a user's store of the same files holds.
package enum DemoStoreJob {
  /// Creates the store at `path`, in the default time zone, and imports `files` into it.
  package static func build(at path: String, from files: DemoSampleFiles) throws
    -> DemoStoreReport
  {
    let store = try WalletStore.open(path: path, create: true)
    try store.setTimeZone(WalletStore.defaultTimeZone)
    func load(_ kind: InputKind, _ file: String) throws -> Int {
      // A row the store refuses stops the demo with the store's own error, for the CLI to word.
      do {
        return try RecordImportJob.run(
          kind, file: try InputFile(path: file), policy: ImportPolicy(), store: store
        ).counts.inserted
      } catch let refusal as RefusedRow {
        throw refusal.error
      }
    }
    return DemoStoreReport(
      cards: try load(.cards, files.cards),
      enrollments: try load(.enrollments, files.enrollments),
      transactions: try load(.transactions, files.transactions),
      postings: try load(.postings, files.postings))
  }

  /// Installs `promotion` in the store at `path`, as `wallet promotion add` does.
  package static func install(_ promotion: Promotion, at path: String) throws {
    _ = try WalletStore.open(path: path, create: false).installPromotion(promotion, replace: false)
  }
}
