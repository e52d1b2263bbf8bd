// The bridge between the fuzzing harnesses (Sources/Fuzz*) and libFuzzer's driver.
//
// A Swift executable has its own `main`, which replaces libFuzzer's, so each harness calls the
// driver itself. The driver is referenced weakly, so that the harnesses also link in an ordinary
// build without `-sanitize=fuzzer` (as part of `swift build`), where they only say so and exit.
#ifndef CFUZZING_H
#define CFUZZING_H

#include <stddef.h>
#include <stdint.h>

/// One fuzz input, as libFuzzer's `LLVMFuzzerTestOneInput` takes it; returns 0.
typedef int (*WalletFuzzTest)(const uint8_t *data, size_t size);

/// Runs libFuzzer's driver on `test` with the process's arguments and exits with its status. In a
/// build without libFuzzer, prints "built without -sanitize=fuzzer; see .ci/fuzz" to standard
/// error and exits 1.
_Noreturn void wallet_fuzz_main(int argc, char **argv, WalletFuzzTest test);

#endif
