// libFuzzer's entry point, declared for Swift (Tests/Fuzz/README.md).
//
// Only the declaration lives here: libFuzzer itself is linked by `-sanitize=fuzzer`, and the fuzz
// targets call it only when built with `-D FUZZING` (.ci/fuzz), so a normal build links without it.
#ifndef CADENCE_CLIBFUZZER_H
#define CADENCE_CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the command-line arguments, calling `callback` once per input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
