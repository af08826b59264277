/* { dg-do run } */
/* Area: runtime
   Purpose: oneway.c against a single-threaded server
   (idl_server_set_workers (srv, 1)).  */

#define RT_WORKERS 1
#include "oneway.c"
