/* { dg-do run } */
/* Area: runtime
   Purpose: fd-out.c against a server served from a poll loop
   (idl_server_fd, idl_server_serve_ready).  */

#define RT_WORKERS RT_WORKERS_LOOP
#include "fd-out.c"
