// Intentionally empty: this target exports `BinderyRuntime.h`.
