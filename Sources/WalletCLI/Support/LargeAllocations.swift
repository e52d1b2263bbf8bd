#if canImport(Glibc)
  import Glibc
#endif

/// How the C allocator treats the large arrays a batch makes and frees (hundreds of MB of
/// columns, sort keys and id hashes).
enum LargeAllocations {
  /// Gives every block of 1 MiB or more its own mapping, returned to the system when freed.
  ///
  /// glibc does that by default too, but raises its threshold after the first such block is
  /// freed, so that later large arrays come from the heap and stay resident after they are
  /// freed: on a 2M-transaction batch that kept over 100 MB more resident than was in use.
  /// Looked up at run time, as Swift's Glibc module does not declare `mallopt`.
  static func returnToTheSystemWhenFreed() {
    #if canImport(Glibc)
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      let defaultHandle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
      guard let symbol = dlsym(defaultHandle, "mallopt") else { return }
      let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
      _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 1 << 20)
    #endif
  }
}
