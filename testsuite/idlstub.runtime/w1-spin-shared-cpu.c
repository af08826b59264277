/* { dg-do run } */
/* Area: runtime
   Purpose: spin-shared-cpu.c against a server with one worker, whose
   only connection is this client's (server-workers.c: such a worker
   watches where its client spins).  */

#define RT_WORKERS 1
#include "spin-shared-cpu.c"
