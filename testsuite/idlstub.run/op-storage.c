/* { dg-do run } */
/* { dg-options "-Wall -Wextra -Wno-unused-parameter" } */
/* Area: run
   Purpose: static, inline, static inline and extern inline operations,
   and one declared through a typedef of a function type, work, and
   without the front end's false warnings ("used but never defined",
   "declared but never defined": the plugin defines their stubs).  A
   static operation's stub is this file's own.  */

#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (storage, 0x5701, 1);

typedef long op_t (idl_binding_t *b, long x);

IDL_OP (storage, 1) static long st (idl_binding_t *b, long x);
IDL_OP (storage, 2) static inline long sti (idl_binding_t *b, long x);
IDL_OP (storage, 3) inline long in (idl_binding_t *b, long x);
IDL_OP (storage, 4) extern inline long ein (idl_binding_t *b, long x);
IDL_OP (storage, 5) op_t td;
IDL_OP (storage, 6) static long never_called (idl_binding_t *b, long x);

IDL_SERVER (storage);

long st_impl (idl_call_t *c, long x) { return x + 1; }
long sti_impl (idl_call_t *c, long x) { return x + 2; }
long in_impl (idl_call_t *c, long x) { return x + 3; }
long ein_impl (idl_call_t *c, long x) { return x + 4; }
long td_impl (idl_call_t *c, long x) { return x + 5; }
long never_called_impl (idl_call_t *c, long x) { return x + 6; }

/* The address of a static operation: its stub, out of line.  */
static long (*const st_ptr) (idl_binding_t *, long) = st;

int
main (void)
{
  const char *name = idltest_name ("op-storage");
  pid_t srv = idltest_fork_server (name, &storage, storage_dispatch);
  idl_binding_t *b = idltest_connect (name, &storage);

  CHECK (st (b, 10) == 11);
  CHECK (st_ptr (b, 20) == 21);
  CHECK (sti (b, 10) == 12);
  CHECK (in (b, 10) == 13);
  CHECK (ein (b, 10) == 14);
  CHECK (td (b, 10) == 15);
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
