/* { dg-do run } */
/* Area: run
   Purpose: an interface is its name as well as its id: a client of one
   interface is refused (IDL_E_IFACE) by a server of another with the
   same id, version and operations, through another process and
   co-located; the same interface still connects (issue 17).  */

#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (calcx, 0x1717, 1);

IDL_OP (calcx, 1) long add (idl_binding_t *b, long x, long y);

IDL_SERVER (calcx);

long
add_impl (idl_call_t *call, long x, long y)
{
  return x + y;
}

int
main (void)
{
  /* Another interface with everything the same but its name: what a
     second header with a clashing id gives (a unit that declared both
     would be refused at compile time).  */
  idl_interface_t other = calcx;
  other.name = "other";
  /* And one whose name only differs after the first 63 bytes, which
     are all the hello carries.  */
  static char long_a[100], long_b[100];
  memset (long_a, 'n', 80);
  memset (long_b, 'n', 80);
  long_b[79] = 'm';
  idl_interface_t la = calcx, lb = calcx;
  la.name = long_a;
  lb.name = long_b;

  const char *name = idltest_name ("identity");
  pid_t pid = idltest_fork_server (name, &calcx, calcx_dispatch);
  int err = 0;
  CHECK (idl_connect (name, &other, &err) == NULL && err == IDL_E_IFACE);
  idl_binding_t *b = idltest_connect (name, &calcx);
  CHECK (add (b, 5, 6) == 11 && idl_error (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (pid);

  name = idltest_name ("identity-long");
  pid = idltest_fork_server (name, &la, calcx_dispatch);
  err = 0;
  CHECK (idl_connect (name, &lb, &err) == NULL && err == IDL_E_IFACE);
  b = idltest_connect (name, &la);
  CHECK (add (b, 1, 2) == 3 && idl_error (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (pid);

  /* Co-located.  */
  name = idltest_name ("identity-coloc");
  idl_server_t *srv = idl_server_create (name, &calcx, calcx_dispatch, &err);
  CHECK (srv != NULL);
  err = 0;
  CHECK (idl_connect (name, &other, &err) == NULL && err == IDL_E_IFACE);
  b = idltest_connect (name, &calcx);
  CHECK (add (b, 2, 3) == 5 && idl_error (b) == IDL_OK);
  idl_close (b);
  idl_server_destroy (srv);
  return 0;
}
