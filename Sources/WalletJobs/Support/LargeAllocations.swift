import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// How the C allocator treats the large arrays a batch makes and frees.
///
/// A page the process has not touched before costs a fault, and on a virtual machine that hands
/// freed memory back to its host, the host's own work besides. A batch makes and frees hundreds
/// of megabytes of columns and tables as it goes, and in parts the same again for each part;
/// kept for reuse, a freed block takes the next one's place without a fault.
package enum LargeAllocations {
  /// Keeps freed blocks for the allocations that follow: only a block of 8 MiB or more gets a
  /// mapping of its own (returned when freed), and each of the allocator's heaps keeps up to
  /// `keptFree` bytes free at its top. Against a 1 MiB threshold: at 2M transactions in memory,
  /// page faults 86,500 to 67,600 and the peak 168 to 195 MiB; at 8M in parts under `--memory
  /// 200M`, 134,500 to 48,400 and 148 to 165 MiB (`bench/README.md`). Left to itself, glibc
  /// raises its threshold to the largest block freed, up to 32 MiB: about as many faults, and
  /// at 8M with `--decisions` a third more memory.
  package static func reuseWhileRunning(keptFree: Int) {
    setAllocatorOption(mmapThreshold, to: 8 << 20)
    setAllocatorOption(trimThreshold, to: Int32(clamping: keptFree))
  }

  /// What a batch in memory lets each heap keep free: 64 MiB (as few faults as 256 MiB).
  package static let keptFreeInMemory = 64 << 20

  /// What a batch in parts within `limit` bytes lets each heap keep free: a quarter of the
  /// limit shared among the cores' heaps (each reading thread has its own), at most
  /// `keptFreeInMemory` and at least glibc's own 128 KiB, so that memory kept free never takes
  /// the room the limit leaves a part.
  package static func keptFree(inPartsWithin limit: Int, cores: Int) -> Int {
    max(128 << 10, min(keptFreeInMemory, limit / (4 * max(cores, 1))))
  }

  /// `M_MMAP_THRESHOLD` and `M_TRIM_THRESHOLD` in `<malloc.h>`.
  private static let mmapThreshold: Int32 = -3
  private static let trimThreshold: Int32 = -1

  /// glibc's `mallopt`, looked up at run time, as Swift's Glibc module does not declare it;
  /// nothing on other systems. Setting either threshold stops glibc adjusting them itself.
  private static func setAllocatorOption(_ option: Int32, to value: Int32) {
    #if canImport(Glibc)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      let defaultHandle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
      guard let symbol = dlsym(defaultHandle, "mallopt") else { return }
      _ = unsafeBitCast(symbol, to: Mallopt.self)(option, value)
    #endif
  }
}
