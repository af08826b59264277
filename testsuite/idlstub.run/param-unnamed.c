/* { dg-do run } */
/* Area: run
   Purpose: unnamed out and inout parameters of every kind that the
   server stub keeps in a local of its own (a _Bool, a record coming back
   in message words) work: the local was named after the parameter, and
   an unnamed one crashed the plugin (found by the mutation fuzzer).  */

#include <idlstub.h>
#include "idltest.h"
IDL_INTERFACE (calc, 0x10, 1);
struct pair { int a, b; };
union u { int i; double d; char c[3]; };
IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_OUT struct pair *, IDL_OUT long *, IDL_INOUT union u *, IDL_OUT _Bool *);
IDL_SERVER (calc);
void f_impl (idl_call_t *c, struct pair *p, long *l, union u *x, _Bool *bo) { p->a = 1; p->b = 2; *l = 3; x->i += 4; *bo = 1; }
int main (void)
{
  const char *name = idltest_name ("param-unnamed");
  pid_t srv = idltest_fork_server (name, &calc, calc_dispatch);
  idl_binding_t *b = idltest_connect (name, &calc);
  struct pair p = { 0, 0 }; long l = 0; union u x = { .i = 5 }; _Bool bo = 0;
  f (b, &p, &l, &x, &bo);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (p.a == 1 && p.b == 2 && l == 3 && x.i == 9 && bo == 1);
  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
