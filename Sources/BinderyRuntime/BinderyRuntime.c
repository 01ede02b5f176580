// The thread-local variables `BinderyRuntime.h` declares; everything else there is inline.
#include "BinderyRuntime.h"

_Thread_local void *bindery_thread_state_slot = 0;
_Thread_local void *bindery_read_tracker_slot = 0;
