#include "CFuzzing.h"

#include <stdio.h>
#include <stdlib.h>

// libFuzzer's entry point for programs with a `main` of their own. Weak: null when libFuzzer is
// not linked in.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv,
                               int (*test)(const uint8_t *data, size_t size))
    __attribute__((weak));

_Noreturn void wallet_fuzz_main(int argc, char **argv, WalletFuzzTest test) {
  if (LLVMFuzzerRunDriver == NULL) {
    fputs("built without -sanitize=fuzzer; see .ci/fuzz\n", stderr);
    exit(1);
  }
  exit(LLVMFuzzerRunDriver(&argc, &argv, test));
}
