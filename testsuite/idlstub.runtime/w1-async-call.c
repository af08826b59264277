/* { dg-do run } */
/* Area: runtime
   Purpose: async-call.c against a server with 1 worker(s).  */

#define RT_WORKERS 1
#include "async-call.c"
