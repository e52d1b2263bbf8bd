import WalletCore

/// What `wallet demo` plays: the files of `data/sample`, a payment request and a promotion,
/// compiled in by the EmbedData plugin so that the demo works from any folder and with nothing
/// but the binary.
enum SampleData {
  /// `data/sample/cards.csv`: seven cards of four holders.
  static let cards = text(EmbeddedData.sampleCardsCSV)
  /// `data/sample/enrollments.csv`: their Apple Pay bindings.
  static let enrollments = text(EmbeddedData.sampleEnrollmentsCSV)
  /// `data/sample/transactions.csv`: the purchases.
  static let transactions = text(EmbeddedData.sampleTransactionsCSV)
  /// `data/sample/postings.csv`: what the issuer posted, one case of each reconciliation status.
  static let postings = text(EmbeddedData.samplePostingsCSV)
  /// `data/requests/unionpay-emv-cny.json`: a merchant's Apple Pay request, UnionPay only, EMV.
  static let paymentRequest = text(EmbeddedData.requestsUnionpayEmvCnyJSON)

  /// `data/promotions/bocom-applepay-monthly-clawback.json`: the built-in promotion's rules with
  /// `refunds: clawback`, which the demo installs for its last step.
  static let clawbackPromotion: Promotion = {
    do {
      return try Promotion.decode(json: EmbeddedData.promotionsBocomApplepayMonthlyClawbackJSON)
    } catch {
      // The demo's tests install it, so a broken file fails there before it ships.
      fatalError("data/promotions/bocom-applepay-monthly-clawback.json: \(error)")
    }
  }()

  /// The embedded file as text; every sample file is UTF-8.
  private static func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
  }
}
