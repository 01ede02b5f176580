// BenchSupport: heap-allocation counting for the Bindery benchmarks.
//
// The executable that links this target defines malloc, calloc, realloc, free, posix_memalign,
// aligned_alloc, memalign, valloc, pvalloc and reallocarray itself. On Linux (ELF), a
// definition in the executable interposes the C library's for every shared library of the
// process too, libswiftCore included, so every Swift object, array buffer, closure context and
// string storage goes through these functions. They forward to glibc's __libc_* entry points
// and, while counting is on, add one to a process-wide counter.
#ifndef BENCH_SUPPORT_H
#define BENCH_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Resets the allocation counter to zero and starts counting.
void bench_count_start(void);

/// Stops counting and returns the number of allocations (malloc, calloc, realloc with a
/// non-zero size, posix_memalign, aligned_alloc, memalign, valloc, pvalloc, reallocarray)
/// made since bench_count_start(), by ANY thread of the process (one relaxed atomic counter).
uint64_t bench_count_stop(void);

/// Bytes of heap currently allocated by the program, from glibc's mallinfo2(): `uordblks`
/// (in-use bytes in all arenas) plus `hblkhd` (in-use bytes of chunks served by mmap, which
/// glibc uses for large blocks such as a big hash table). Includes chunk overhead.
size_t bench_heap_in_use(void);

/// Whether this executable's malloc is the one the process uses (calls made through a
/// function pointer to the C library's dynamic symbol `malloc` reach the counter).
int bench_hook_installed(void);

/// Pins the calling thread to CPU `cpu` (modulo the CPUs available), so that the scheduler
/// does not run two benchmark threads on one CPU while the other idles. Returns 0 on success.
int bench_pin_thread_to_cpu(int cpu);

/// A lane of private work for measuring how the machine itself scales on two threads: its own
/// cache lines, shared with nothing.
typedef struct bench_lane bench_lane;

/// Makes a lane (aligned to its own cache lines); free it with bench_lane_free.
bench_lane *bench_lane_make(void);
void bench_lane_free(bench_lane *lane);

/// Runs `n` steps of work shaped like an update in outline and touching only the lane's eight
/// cache lines: two atomic adds, two compare-and-swaps, a few loads and stores. Returns the
/// lane's last value written.
long bench_lane_run(bench_lane *lane, long n);

#ifdef __cplusplus
}
#endif

#endif
