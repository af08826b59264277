/* { dg-do run } */
/* Area: runtime
   Purpose: badmsg.c against a single-threaded server
   (idl_server_set_workers (srv, 1)).  */

#define RT_WORKERS 1
#include "badmsg.c"
