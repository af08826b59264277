/* { dg-do run } */
/* Area: runtime
   Purpose: async-call.c against a server served from a poll loop.  */

#define RT_WORKERS RT_WORKERS_LOOP
#include "async-call.c"
