/* { dg-do run } */
/* Area: run
   Purpose: a _Bool inside a record, an array or a buffer arrives as 0 or
   1 whatever byte the peer sent (any other value would be undefined
   behaviour in the receiver): in a record through a pointer and by
   value, in an array member, in a buffer of _Bool, and back in an out
   record on the client.  A union's bytes are left as they are.  The
   implementation reads the bytes, not the _Bools, so the test itself has
   no undefined behaviour.  */

#include <idlstub.h>
#include <stdbool.h>
#include "idltest.h"
IDL_INTERFACE (bb, 0x4401, 1);
struct flags { int n; bool on; bool many[40]; union { bool u; char c; } un; };
IDL_OP (bb, 1) int count (idl_binding_t *b, IDL_IN const struct flags *f, struct flags byval, IDL_IN IDL_SIZE_IS (n, 100) const bool *v, int n, IDL_OUT struct flags *o);
IDL_SERVER (bb);
int count_impl (idl_call_t *c, const struct flags *f, struct flags byval, const bool *v, int n, struct flags *o) {
  int k = 0; const unsigned char *p = (const unsigned char *) f;
  k += *(const unsigned char *) &f->on; for (int i = 0; i < 40; i++) k += *(const unsigned char *) &f->many[i];
  k += *(const unsigned char *) &byval.on; for (int i = 0; i < n; i++) k += *(const unsigned char *) &v[i];
  k += f->un.c * 1000;
  memset (o, 7, sizeof *o); return k; }
int main (void) {
  const char *name = idltest_name ("bool-bytes");
  pid_t srv = idltest_fork_server (name, &bb, bb_dispatch);
  idl_binding_t *b = idltest_connect (name, &bb);
  struct flags f, o; memset (&f, 5, sizeof f); f.un.c = 3; unsigned char v[10]; memset (v, 9, sizeof v);
  int k = count (b, &f, f, (const bool *) v, 10, &o);
  printf ("k=%d on=%d many39=%d\n", k, *(unsigned char *)&o.on, *(unsigned char *)&o.many[39]);
  CHECK (k == 1 + 40 + 1 + 10 + 3000); CHECK (*(unsigned char *)&o.on == 1 && *(unsigned char *)&o.many[39] == 1 && o.un.c == 7);
  idl_close (b); idltest_stop_server (srv); return 0; }
