/* { dg-do run } */
/* Area: runtime
   Purpose: thread-connect.c against a server served from a poll loop
   (idl_server_fd, idl_server_serve_ready), which answers a handshake
   only between implementations.  */

#define RT_WORKERS RT_WORKERS_LOOP
#include "thread-connect.c"
