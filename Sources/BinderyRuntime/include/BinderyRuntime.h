#ifndef BINDERY_RUNTIME_H
#define BINDERY_RUNTIME_H

// The Swift runtime entry points Bindery calls that the standard library does not wrap.
// Declared here, in C, because that is the runtime's own calling convention; Swift code must
// not name runtime symbols directly.

#if defined(__APPLE__)
#include <pthread.h>
#elif defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/// The Swift runtime's "retain unless deinitialising", as a weak load uses it: returns
/// `object` with its strong count raised by one, or NULL (retaining nothing) once the
/// object's deinit has begun. `object` must be a native Swift object whose memory is still
/// allocated (an unowned reference keeps it so). Part of the runtime's stable ABI.
void *_Nullable swift_tryRetain(void *_Nonnull object);

/// The Swift runtime's "has this object's deinit begun?". `object` must be a native Swift
/// object whose memory is still allocated. Part of the runtime's stable ABI.
_Bool swift_isDeallocating(void *_Nonnull object);

/// The Swift runtime's unowned retain: keeps `object`'s memory (not the object) allocated
/// until the matching `swift_unownedRelease`, as an `unowned` reference does. Part of the
/// runtime's stable ABI.
void *_Nonnull swift_unownedRetain(void *_Nonnull object);

/// The Swift runtime's unowned release, matching one `swift_unownedRetain`. Part of the
/// runtime's stable ABI.
void swift_unownedRelease(void *_Nonnull object);

/// `swift_unownedRetain`, under a name of Bindery's own for Swift to call.
static inline void bindery_unowned_retain(void *_Nonnull object) {
    (void)swift_unownedRetain(object);
}

/// `swift_unownedRelease`, under a name of Bindery's own for Swift to call.
static inline void bindery_unowned_release(void *_Nonnull object) {
    swift_unownedRelease(object);
}

/// `swift_isDeallocating`, under a name of Bindery's own for Swift to call.
static inline _Bool bindery_is_deallocating(void *_Nonnull object) {
    return swift_isDeallocating(object);
}

/// `swift_tryRetain`, under a name of Bindery's own for Swift to call.
static inline void *_Nullable bindery_try_retain(void *_Nonnull object) {
    return swift_tryRetain(object);
}

/// The calling thread's Bindery state (Bindery's `ThreadState`), or NULL before Bindery first
/// used the thread. A thread-local variable: reading it is one load, where
/// `pthread_getspecific` is a call.
extern _Thread_local void *_Nullable bindery_thread_state_slot;

/// Whether the calling thread is the process's first thread, the one that ran `main`. A
/// system call on Linux (the first thread's id is the process's): ask it once per thread.
static inline _Bool bindery_is_first_thread(void) {
#if defined(__APPLE__)
    return pthread_main_np() != 0;
#elif defined(__linux__)
    return (pid_t)syscall(SYS_gettid) == getpid();
#else
    return 0;
#endif
}

/// Reads the calling thread's `bindery_thread_state_slot`.
static inline void *_Nullable bindery_thread_state(void) {
    return bindery_thread_state_slot;
}

/// Sets the calling thread's `bindery_thread_state_slot`.
static inline void bindery_set_thread_state(void *_Nullable state) {
    bindery_thread_state_slot = state;
}

/// The derived value whose evaluation the calling thread is recording reads for (Bindery's
/// `ReadTracker`), or NULL. Every `@Dynamic` getter reads it, so it is a variable of its own,
/// read with one load and no call.
extern _Thread_local void *_Nullable bindery_read_tracker_slot;

/// Reads the calling thread's `bindery_read_tracker_slot`.
static inline void *_Nullable bindery_read_tracker(void) {
    return bindery_read_tracker_slot;
}

/// Sets the calling thread's `bindery_read_tracker_slot`.
static inline void bindery_set_read_tracker(void *_Nullable tracker) {
    bindery_read_tracker_slot = tracker;
}

#ifdef __cplusplus
}
#endif

#endif
