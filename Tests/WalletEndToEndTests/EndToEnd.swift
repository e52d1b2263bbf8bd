import Testing

extension Tag {
  /// Tests that run the built `wallet` binary as a user would: slower than the others, and
  /// needing the `wallet` product built. They live in their own target, so that
  /// `swift test --skip WalletEndToEndTests` leaves them out and
  /// `swift test --filter WalletEndToEndTests` runs only them; the tag marks them for tools
  /// that filter by tag.
  @Tag static var endToEnd: Self
}
