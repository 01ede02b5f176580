// The thread-local variable `BinderyRuntime.h` declares; everything else there is inline.
#include "BinderyRuntime.h"

_Thread_local void *bindery_thread_state_slot = 0;
