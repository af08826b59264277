/* Area: headers, other compilers
   Purpose: compiled by clang, a client that calls operations and a
   server that says IDL_SERVER get one error, from <idlstub.h>: idlstub
   needs GCC with its plugin.  With IDLSTUB_DECLARATIONS_ONLY, an error
   at IDL_SERVER, and, without it (-DCALLS_WITHOUT_SERVER), at each call
   (headers.exp).  */

#include "kv.h"

#ifndef CALLS_WITHOUT_SERVER
IDL_SERVER (kv);
#endif

int client (idl_binding_t *b);

int
client (idl_binding_t *b)
{
  struct kv_pair p = { 1, 2 };
  char echo[32];
  kv_put (b, &p);
  kv_get (b, 1, &p);
  kv_name (b, "x", echo);
  return (int) kv_add (b, 1, 2);
}
