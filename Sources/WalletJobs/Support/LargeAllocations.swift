#if canImport(Glibc)
  import Glibc
#endif

/// How the C allocator treats the large arrays a batch makes and frees.
package enum LargeAllocations {
  /// Gives every block of 1 MiB or more its own mapping, returned to the system when freed, so
  /// that a large array freed does not stay resident (glibc raises its own threshold after the
  /// first such block). Looked up at run time, as Swift's Glibc module does not declare
  /// `mallopt`.
  package static func returnToTheSystemWhenFreed() {
    #if canImport(Glibc)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      let defaultHandle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
      guard let symbol = dlsym(defaultHandle, "mallopt") else { return }
      let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
      _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 1 << 20)
    #endif
  }
}
