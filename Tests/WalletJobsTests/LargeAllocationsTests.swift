import Testing
import WalletJobs

/// When a batch starts itself again to ask glibc's allocator for huge pages, and with what
/// environment.
struct LargeAllocationsTests {
  /// Environments and the `GLIBC_TUNABLES` a batch starts again with (nil: it does not).
  static let cases: [([String: String], String?)] = [
    ([:], "glibc.malloc.hugetlb=1"),
    (["PATH": "/bin"], "glibc.malloc.hugetlb=1"),
    (
      ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"],
      "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1"
    ),
    (["GLIBC_TUNABLES": ""], "glibc.malloc.hugetlb=1"),
    // A name that merely starts like the tunable's is another tunable.
    (
      ["GLIBC_TUNABLES": "glibc.malloc.hugetlbx=0"],
      "glibc.malloc.hugetlbx=0:glibc.malloc.hugetlb=1"
    ),
    // The user's own choice, either way, stands.
    (["GLIBC_TUNABLES": "glibc.malloc.hugetlb=0"], nil),
    (["GLIBC_TUNABLES": "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=2"], nil),
    (["WALLET_HUGE_PAGES": "off"], nil),
    // Started again already: never a third time.
    (["WALLET_HUGE_PAGES": "asked", "GLIBC_TUNABLES": ""], nil),
  ]

  @Test(arguments: cases)
  func startsAgainOnlyWhenNobodyChose(environment: [String: String], tunables: String?) {
    let changed = LargeAllocations.environmentPreferringHugePages(environment)
    #expect(changed?["GLIBC_TUNABLES"] == tunables)
    if let changed {
      #expect(changed["WALLET_HUGE_PAGES"] == "asked")
      // Everything else is passed on as it was.
      #expect(
        changed.filter { !["GLIBC_TUNABLES", "WALLET_HUGE_PAGES"].contains($0.key) }
          == environment.filter { $0.key != "GLIBC_TUNABLES" })
      // And what it starts with does not start again.
      #expect(LargeAllocations.environmentPreferringHugePages(changed) == nil)
    }
  }
}
