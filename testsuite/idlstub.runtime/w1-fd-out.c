/* { dg-do run } */
/* Area: runtime
   Purpose: fd-out.c against a single-threaded server
   (idl_server_set_workers (srv, 1)).  */

#define RT_WORKERS 1
#include "fd-out.c"
