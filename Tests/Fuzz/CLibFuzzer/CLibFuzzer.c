// Intentionally empty: the target exists for its header (libFuzzer's entry point).
#include "CLibFuzzer.h"
