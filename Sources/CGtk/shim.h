// GTK 4 for Swift: the headers BinderyGTK and lottery-gtk import, and the few helpers that a C
// macro or a version difference keeps Swift from calling directly.
#ifndef BINDERY_CGTK_SHIM_H
#define BINDERY_CGTK_SHIM_H

#include <gtk/gtk.h>

/// Replaces a CSS provider's style sheet with `css` (a C string), with the call this GTK
/// version does not deprecate.
static inline void cgtk_css_provider_load(GtkCssProvider *provider, const char *css) {
#if GTK_CHECK_VERSION(4, 12, 0)
    gtk_css_provider_load_from_string(provider, css);
#else
    gtk_css_provider_load_from_data(provider, css, -1);
#endif
}

#if defined(__linux__)
#include <glib-unix.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

// libdispatch's main-queue hooks for a run loop that is not Dispatch's own: the pair
// CoreFoundation's run loop uses on Linux. libdispatch.so exports them (the Dispatch overlay
// links it), but Dispatch's public headers do not declare them, and no public API does the
// same: `_dispatch_get_main_queue_handle_4CF` returns an eventfd that Dispatch writes to each
// time work is queued on the main queue; `_dispatch_main_queue_callback_4CF` runs what is
// queued, and must be called on the thread the main queue belongs to (the process's first
// thread, while it has not called `dispatch_main()`).
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

/// Whether the calling thread is the process's first thread: the one the main queue belongs to.
static inline int cgtk_is_first_thread(void) {
    return (pid_t)syscall(SYS_gettid) == getpid();
}

/// Clears the main queue's eventfd: Dispatch only ever writes to it, once per wake-up.
static inline void cgtk_clear_main_queue_handle(int handle) {
    eventfd_t count;
    (void)eventfd_read(handle, &count);
}
#endif

#endif
