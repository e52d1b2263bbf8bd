/// Where each of the SPEC's input columns is in one file's rows (-1 when the file lacks it),
/// looked up once from the header so that readers of millions of rows read plain stored
/// integers. One definition for the three files: a column a file does not have is -1 there.
struct ColumnPositions: Sendable {
  /// Field count every row has, the header's.
  let width: Int
  /// `card`: a card's id, or the card a row is about.
  let card: Int
  /// `holder`.
  let holder: Int
  /// `network`.
  let network: Int
  /// `type`.
  let type: Int
  /// `role`.
  let role: Int
  /// `issuer`.
  let issuer: Int
  /// `last4`.
  let last4: Int
  /// `id`: an enrollment's or a transaction's id.
  let id: Int
  /// `channel`.
  let channel: Int
  /// `enrolled_at`.
  let enrolledAt: Int
  /// `removed_at`.
  let removedAt: Int
  /// `time`.
  let time: Int
  /// `amount`.
  let amount: Int
  /// `currency`.
  let currency: Int
  /// `method`.
  let method: Int
  /// `status`.
  let status: Int
  /// `refunded`.
  let refunded: Int
  /// `enrollment`.
  let enrollment: Int
  /// `merchant`.
  let merchant: Int
  /// `mcc`.
  let mcc: Int

  /// The positions in the file whose header is `header`.
  init(_ header: CSVColumns) {
    func position(_ name: String) -> Int { header.index(of: name) ?? -1 }
    width = header.width
    card = position("card")
    holder = position("holder")
    network = position("network")
    type = position("type")
    role = position("role")
    issuer = position("issuer")
    last4 = position("last4")
    id = position("id")
    channel = position("channel")
    enrolledAt = position("enrolled_at")
    removedAt = position("removed_at")
    time = position("time")
    amount = position("amount")
    currency = position("currency")
    method = position("method")
    status = position("status")
    refunded = position("refunded")
    enrollment = position("enrollment")
    merchant = position("merchant")
    mcc = position("mcc")
  }
}
