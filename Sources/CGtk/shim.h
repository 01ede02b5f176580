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

#endif
