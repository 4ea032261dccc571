// Counting allocations by interposition, the classic way (as allocation-counting test harnesses
// do): this file defines malloc, calloc and realloc. The linker exports them from the executable
// because the C library and the Swift runtime refer to them, and the dynamic linker then binds
// every call in the process, the runtime's and the C library's own included, to these
// definitions. Each adds one to a counter and the requested size to another (relaxed atomics,
// a few nanoseconds) and calls glibc's allocator through its public aliases __libc_malloc,
// __libc_calloc and __libc_realloc. free is not replaced: the memory comes from glibc's
// allocator, which frees it as always.
//
// Not counted: memalign, aligned_alloc, posix_memalign and valloc (Swift uses them only for
// alignments above 16 bytes). Under a sanitizer, which brings its own malloc, and off glibc, the
// file defines nothing and counting reports itself unavailable.
#include "MallocCounter.h"
#include <stdlib.h>

#if defined(__has_feature)
#if __has_feature(thread_sanitizer) || __has_feature(address_sanitizer) || __has_feature(memory_sanitizer)
#define CADENCE_SANITIZED 1
#endif
#endif

#if defined(__linux__) && defined(__GLIBC__) && !defined(CADENCE_SANITIZED)
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static _Atomic size_t calls;
static _Atomic size_t bytes;

static inline void count(size_t size) {
    atomic_fetch_add_explicit(&calls, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&bytes, size, memory_order_relaxed);
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count(count_ * size);
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count(size);
    return __libc_realloc(pointer, size);
}

int cadence_malloc_counting_available(void) { return 1; }

void cadence_malloc_counts(size_t *callsOut, size_t *bytesOut) {
    *callsOut = atomic_load_explicit(&calls, memory_order_relaxed);
    *bytesOut = atomic_load_explicit(&bytes, memory_order_relaxed);
}

#else

int cadence_malloc_counting_available(void) { return 0; }

void cadence_malloc_counts(size_t *callsOut, size_t *bytesOut) {
    *callsOut = 0;
    *bytesOut = 0;
}

#endif
