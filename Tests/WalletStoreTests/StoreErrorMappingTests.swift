import Foundation
import Testing
import WalletCore

@testable import WalletStore

/// SQLite's failures leave the store as the ``StoreError`` they mean to its user, so that no
/// caller needs SQLite's result codes: a busy store, a damaged file, a broken constraint, or a
/// store that cannot be used.
struct StoreErrorMappingTests {
  @Test(arguments: [
    (ResultCode.busy, StoreError.busy), (.locked, .busy),
    (.corrupt, .damagedFile(detail: "why")),
    (.constraintForeignKey, .constraintViolated(detail: "why")),
    (.constraintUnique, .constraintViolated(detail: "why")),
    (.full, .unusable(detail: "why")), (.readOnly, .unusable(detail: "why")),
    (.cantOpen, .unusable(detail: "why")),
  ])
  func aSQLiteFailureIsTheStoresError(_ code: ResultCode, _ expected: StoreError) {
    #expect(throws: expected) {
      try StoreConnection.mapped { throw SQLiteError(code: code, message: "why") }
    }
  }

  /// A refusal of the operating system while the store's folder or file was made ready keeps
  /// its step, path and errno, for the command line to word in any language.
  @Test func aFolderThatCannotBeMadeIsTheStoresErrorWithItsFacts() {
    #expect(
      throws: StoreError.cannotPrepare(
        StoreFileProblem(step: .createDirectory, path: "/proc/no-such", errno: ENOENT))
    ) {
      try WalletStore.open(path: "/proc/no-such/wallet.sqlite", create: true)
    }
  }

  @Test func theStoresOwnErrorsPassAsTheyAre() {
    #expect(throws: StoreError.unknownCard(Identifier("C9"))) {
      try StoreConnection.mapped { throw StoreError.unknownCard(Identifier("C9")) }
    }
  }

  @Test func aQueryThatSQLiteRefusesThrowsTheStoresError() throws {
    let store = try WalletStore.inMemory()
    // A table the schema does not have: what another program's edit of the file would leave.
    try store.db.execute("DROP TABLE refunds")
    #expect(throws: StoreError.unusable(detail: "no such table: refunds")) {
      try store.refunds(of: Identifier("T1"))
    }
  }

  @Test func aStoreErrorAboutTheStoreStopsAnImportWhateverItsPolicy() {
    for error in [
      StoreError.busy, .damagedFile(detail: ""), .constraintViolated(detail: ""),
      .unusable(detail: ""),
    ] {
      #expect(error.isDamage, "\(error)")
    }
    #expect(!StoreError.unknownCard(Identifier("C1")).isDamage)
  }
}
