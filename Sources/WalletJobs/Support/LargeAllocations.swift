import Foundation

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

  /// The variable that says a batch has asked for huge pages (`asked`), or that it must not
  /// (any other value, such as `off`).
  package static let hugePagesVariable = "WALLET_HUGE_PAGES"
  /// glibc's tunable that backs the allocator's own mappings with transparent huge pages.
  package static let hugePagesTunable = "glibc.malloc.hugetlb"

  /// The environment to start the program again with so that glibc's allocator asks for
  /// transparent huge pages, or nil when it is not to be: the user set `WALLET_HUGE_PAGES`
  /// (or the program already started again), or chose `glibc.malloc.hugetlb` themselves.
  /// Other tunables are kept.
  package static func environmentPreferringHugePages(_ environment: [String: String])
    -> [String: String]?
  {
    guard environment[hugePagesVariable] == nil else { return nil }
    let tunables = environment["GLIBC_TUNABLES"] ?? ""
    let named = tunables.split(separator: ":").map { $0.split(separator: "=").first ?? "" }
    guard !named.contains(where: { $0 == hugePagesTunable }) else { return nil }
    var changed = environment
    changed[hugePagesVariable] = "asked"
    changed["GLIBC_TUNABLES"] =
      (tunables.isEmpty ? "" : tunables + ":") + hugePagesTunable + "=1"
    return changed
  }

  /// Starts this program again, with the same arguments, asking glibc's allocator for
  /// transparent huge pages (`environmentPreferringHugePages`), when it is not asked already;
  /// returns only when it is not to be, or the new start failed, with the environment as it
  /// was. For the program's entry point, before it reads or writes anything.
  ///
  /// A batch faults in hundreds of megabytes of columns a page at a time: a quarter of
  /// reading the cards and enrollments went to page faults, and a 2 MiB page takes one fault
  /// where 4 KiB pages take 512. glibc reads its tunables only as a program starts, hence
  /// starting again. Nothing on other systems.
  package static func restartPreferringHugePages() {
    #if canImport(Glibc)
      // A program given more rights than its caller's (set-user-ID) is left alone, and so is
      // one started by naming the dynamic loader (`ld.so wallet …`), whose executable file is
      // the loader: that program has no interpreter of its own (AT_BASE is 0).
      guard getuid() == geteuid() && getgid() == getegid(), auxiliaryValue(7) != 0 else {
        return
      }
      let environment = ProcessInfo.processInfo.environment
      guard let changed = environmentPreferringHugePages(environment),
        let executable = runningExecutable()
      else { return }
      let names = [hugePagesVariable, "GLIBC_TUNABLES"]
      if names.allSatisfy({ setenv($0, changed[$0]!, 1) == 0 }) {
        // The file itself, not `/proc/self/exe`: the process keeps the name that `ps`, `pgrep`
        // and the system's logs know it by (the file's name).
        execv(executable, CommandLine.unsafeArgv)
      }
      // Not started again: carry on as the program was started.
      for name in names {
        if let value = environment[name] { setenv(name, value, 1) } else { unsetenv(name) }
      }
    #endif
  }

  #if canImport(Glibc)
    /// The path of the running program's file, or nil without `/proc` or when it is gone.
    private static func runningExecutable() -> String? {
      let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      // A file replaced or removed since the program started is not the program.
      return path.flatMap { $0.hasSuffix(" (deleted)") ? nil : $0 }
    }

    /// glibc's `getauxval`, looked up at run time as Swift's Glibc module does not declare it;
    /// 0 when absent.
    private static func auxiliaryValue(_ type: UInt) -> UInt {
      typealias GetAuxiliaryValue = @convention(c) (UInt) -> UInt
      let defaultHandle = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
      guard let symbol = dlsym(defaultHandle, "getauxval") else { return 0 }
      return unsafeBitCast(symbol, to: GetAuxiliaryValue.self)(type)
    }
  #endif
}
