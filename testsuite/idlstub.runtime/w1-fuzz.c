/* { dg-do run } */
/* Area: runtime
   Purpose: fuzz.c against a single-threaded server
   (idl_server_set_workers (srv, 1)).  */

#define RT_WORKERS 1
#include "fuzz.c"
