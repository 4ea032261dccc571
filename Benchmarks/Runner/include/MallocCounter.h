// Counts calls to malloc, calloc and realloc in this process, for `cadence bench FILE`
// (Benchmarks/Suite/UserBench/AllocationCounter.swift). See MallocCounter.c for how and why.
#ifndef CADENCE_MALLOC_COUNTER_H
#define CADENCE_MALLOC_COUNTER_H

#include <stddef.h>

/// 1 when this process's malloc, calloc and realloc calls are counted (Linux with glibc, no
/// sanitizer), 0 otherwise.
int cadence_malloc_counting_available(void);

/// The calls to malloc, calloc and realloc so far, and the bytes they asked for.
void cadence_malloc_counts(size_t *calls, size_t *bytes);

#endif
