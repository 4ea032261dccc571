// `cadence-bench`: the benchmark suite with allocation counting, what `cadence bench ARGUMENTS`
// starts. It is a C program so that the malloc counter (MallocCounter.c, which replaces the
// allocator of the whole process that links it) lives in this executable's own target: the
// `cadence` tool depends on this target only to have it built beside it, and links none of its
// objects, so the process that renders a user's files keeps the C library's allocator.
#include "MallocCounter.h"

/// The suite's entry point (CadenceBenchmarks, `BenchmarkRunner.swift`): runs `cadence bench`
/// with the arguments after the program name, counting allocations with `counts` when
/// `counting` is 1, and returns the exit status.
extern int cadence_bench_main(int argc, char **argv, int counting, void (*counts)(size_t *, size_t *));

int main(int argc, char **argv) {
    return cadence_bench_main(argc, argv, cadence_malloc_counting_available(), cadence_malloc_counts);
}
