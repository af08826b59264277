/* Area: headers, other compilers
   Purpose: implementations that clang compiles, from the interface's
   own header with IDLSTUB_DECLARATIONS_ONLY: no warning under -Wall
   -Wextra -pedantic -Werror, and they serve calls when linked with the
   dispatcher GCC built (server.c; headers.exp).  */

#define IDLSTUB_DECLARATIONS_ONLY 1
#include <string.h>
#include "kv.h"

long kv_add_impl (idl_call_t *call, long x, short y);
int kv_put_impl (idl_call_t *call, const struct kv_pair *p);
int kv_get_impl (idl_call_t *call, int key, struct kv_pair *p);
int kv_name_impl (idl_call_t *call, const char *name, char *echo);

static struct kv_pair stored;

long
kv_add_impl (idl_call_t *call, long x, short y)
{
  (void) call;
  return x + y;
}

int
kv_put_impl (idl_call_t *call, const struct kv_pair *p)
{
  stored = *p;
  return idl_call_peer_pid (call) > 0 ? 0 : -1;
}

int
kv_get_impl (idl_call_t *call, int key, struct kv_pair *p)
{
  (void) call;
  if (key != stored.key)
    return -1;
  *p = stored;
  return 0;
}

int
kv_name_impl (idl_call_t *call, const char *name, char *echo)
{
  (void) call;
  strcpy (echo, name);
  strcat (echo, "!");
  return (int) strlen (echo);
}
