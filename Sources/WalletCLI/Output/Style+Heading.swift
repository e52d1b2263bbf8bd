extension Style {
  /// A heading line (a holder in a statement, a step of the demo): bold. Like every colour it is
  /// left out unless standard output is a terminal and `NO_COLOR` is unset, so piped output and
  /// the demo's checked-in transcript never hold escape codes.
  func heading(_ text: String) -> String {
    paint(text, code: "1")
  }
}
