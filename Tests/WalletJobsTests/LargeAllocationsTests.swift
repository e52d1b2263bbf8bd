import Testing
import WalletJobs

/// How much free memory each allocator heap may keep in a batch run in parts.
struct LargeAllocationsTests {
  static let mebibyte = 1 << 20

  @Test(arguments: [
    // A quarter of the limit shared among the cores.
    (160 * mebibyte, 2, 20 * mebibyte),
    (200 * mebibyte, 2, 25 * mebibyte),
    (160 * mebibyte, 64, 640 << 10),
    // Never more than a batch in memory keeps.
    (8 << 30, 2, 64 * mebibyte),
    // Never less than glibc keeps by itself.
    (mebibyte, 2, 128 << 10),
    (160 * mebibyte, 0, 40 * mebibyte),
  ])
  func keptFreeInPartsShrinksWithTheLimitAndTheCores(limit: Int, cores: Int, kept: Int) {
    #expect(LargeAllocations.keptFree(inPartsWithin: limit, cores: cores) == kept)
  }
}
