// Malloc-counting interposer. See include/BenchSupport.h.
//
// The functions below are ordinary definitions of the C allocation API. Because they are
// defined in the executable (SwiftPM links this target's object file straight into
// BinderyBenchmarks), the dynamic linker resolves every library's `malloc` & co. to them.
// They must never call the public names themselves (that would recurse): they call glibc's
// __libc_* entry points, which are exported and never go back through `malloc`.

#define _GNU_SOURCE
#include "BenchSupport.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void *__libc_pvalloc(size_t size);

static _Atomic int counting = 0;
static _Atomic uint64_t allocations = 0;

static inline void counted(void) {
    if (__builtin_expect(atomic_load_explicit(&counting, memory_order_relaxed), 0)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void bench_count_start(void) {
    atomic_store_explicit(&allocations, 0, memory_order_relaxed);
    atomic_store_explicit(&counting, 1, memory_order_seq_cst);
}

uint64_t bench_count_stop(void) {
    atomic_store_explicit(&counting, 0, memory_order_seq_cst);
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

size_t bench_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

int bench_hook_installed(void) {
    // Look `malloc` up the way a shared library's PLT does and check that it is ours.
    void *(*resolved)(size_t) = (void *(*)(size_t))dlsym(RTLD_DEFAULT, "malloc");
    return resolved == &malloc;
}

void *malloc(size_t size) {
    counted();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    counted();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    if (size != 0 || pointer == NULL) counted();
    return __libc_realloc(pointer, size);
}

void *reallocarray(void *pointer, size_t count, size_t size) {
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes)) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(pointer, bytes);
}

void free(void *pointer) {
    __libc_free(pointer);
}

static inline int is_power_of_two(size_t x) { return x != 0 && (x & (x - 1)) == 0; }

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!is_power_of_two(alignment) || alignment % sizeof(void *) != 0) return EINVAL;
    int saved = errno;
    counted();
    void *pointer = __libc_memalign(alignment, size);
    errno = saved;
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    if (!is_power_of_two(alignment)) {
        errno = EINVAL;
        return NULL;
    }
    counted();
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    counted();
    return __libc_memalign(alignment, size);
}

void *valloc(size_t size) {
    counted();
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    counted();
    return __libc_pvalloc(size);
}

int bench_pin_thread_to_cpu(int cpu) {
    long count = sysconf(_SC_NPROCESSORS_ONLN);
    if (count < 1) return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu % count, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

struct bench_lane {
    // Eight cache lines, as an update of a chain touches about as many (the source, its
    // registrar, the chain, the receiver's endpoint, the receiver, the thread's state).
    _Alignas(128) _Atomic long owner;
    _Alignas(64) _Atomic long readers;
    _Alignas(64) long value;
    _Alignas(64) long sequence;
    _Alignas(64) long written;
    _Alignas(64) long target;
    _Alignas(64) long table[8];
    _Alignas(64) long depth;
};

bench_lane *bench_lane_make(void) {
    bench_lane *lane = aligned_alloc(128, sizeof(bench_lane));
    if (lane == NULL) return NULL;
    atomic_init(&lane->owner, 0);
    atomic_init(&lane->readers, 0);
    lane->value = lane->sequence = lane->written = lane->target = lane->depth = 0;
    for (int i = 0; i < 8; i++) lane->table[i] = 0;
    return lane;
}

void bench_lane_free(bench_lane *lane) { free(lane); }

long bench_lane_run(bench_lane *lane, long n) {
    for (long i = 1; i <= n; i++) {
        // What an update does in outline: store the source, mark the listener table read,
        // take the chain, count the write, write the receiver, give the chain back.
        lane->value = i;
        atomic_fetch_add_explicit(&lane->readers, 1, memory_order_seq_cst);
        long listener = lane->table[i & 7];
        atomic_fetch_sub_explicit(&lane->readers, 1, memory_order_release);
        long idle = 0;
        atomic_compare_exchange_strong_explicit(&lane->owner, &idle, 1, memory_order_seq_cst, memory_order_relaxed);
        lane->depth += 1;
        lane->sequence += 1;
        lane->written = lane->sequence + listener;
        lane->target = lane->value;
        lane->depth -= 1;
        long owned = 1;
        atomic_compare_exchange_strong_explicit(&lane->owner, &owned, 0, memory_order_acq_rel, memory_order_relaxed);
    }
    return lane->target;
}
