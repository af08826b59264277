/* { dg-do run } */
/* Area: runtime
   Purpose: async-call.c against a server with 2 worker(s).  */

#define RT_WORKERS 2
#include "async-call.c"
