// .ci/fuzz builds with `-Xswiftc -sanitize=fuzzer,address`, which SwiftPM passes to this tool
// too, since the harnesses' targets need it to build; libFuzzer, linked in by that flag, needs a
// test entry point to link. The tool's own main runs, so this one is never called.

/// libFuzzer's test entry point: does nothing.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { 0 }
