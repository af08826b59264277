/* Area: headers, other compilers
   Purpose: the GCC side of a program whose implementations clang built
   (impl.c): the dispatcher and a client, compiled with the plugin,
   linked with clang's object; every call crosses to a server process
   and runs clang's code (headers.exp).  */

#include <stdint.h>
#include "kv.h"
#include "idltest.h"

IDL_SERVER (kv);

int
main (void)
{
  const char *name = idltest_name ("clang-kv");
  pid_t pid = idltest_fork_server (name, &kv, kv_dispatch);
  idl_binding_t *b = idltest_connect (name, &kv);
  struct kv_pair in = { 7, -123456789L }, out = { 0, 0 };
  char echo[32];

  CHECK (kv_add (b, 40, 2) == 42);
  CHECK (kv_put (b, &in) == 0);
  CHECK (kv_get (b, 7, &out) == 0);
  CHECK (out.key == 7 && out.value == -123456789L);
  CHECK (kv_get (b, 8, &out) == -1);
  CHECK (kv_name (b, "clang", echo) == 6);
  CHECK (strcmp (echo, "clang!") == 0);
  CHECK (idl_error (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (pid);
  return 0;
}
