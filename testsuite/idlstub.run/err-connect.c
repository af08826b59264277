/* { dg-do run } */
/* Area: run
   Purpose: connecting to a name nobody serves (abstract or filesystem)
   fails with IDL_E_CONNECT; the error codes have descriptions.  */

#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_SERVER (calc);

long tiny_impl (idl_call_t *call, long x) { return x + 1; }

static void
no_server (const char *name)
{
  int err = -1;
  idl_binding_t *b = idl_connect (name, &calc, &err);
  if (b || err != IDL_E_CONNECT)
    fprintf (stderr, "%s: %p, %d\n", name, (void *) b, err);
  CHECK (b == NULL);
  CHECK (err == IDL_E_CONNECT);
  /* ERR may be NULL.  */
  CHECK (idl_connect (name, &calc, NULL) == NULL);
}

int
main (void)
{
  char path[64];

  /* An abstract name nobody ever bound.  */
  no_server (idltest_name ("nobody"));
  /* A filesystem path that does not exist.  */
  snprintf (path, sizeof path, "/tmp/idltest-nobody-%ld.sock",
	    (long) getpid ());
  unlink (path);
  no_server (path);
  /* A filesystem path that exists but is not a socket.  */
  FILE *f = fopen (path, "w");
  CHECK (f != NULL);
  fclose (f);
  no_server (path);
  unlink (path);

  /* A name served until the server stopped.  */
  const char *name = idltest_name ("gone");
  pid_t srv = idltest_fork_server (name, &calc, calc_dispatch);
  idl_binding_t *b = idltest_connect (name, &calc);
  CHECK (tiny (b, 1) == 2);
  idl_close (b);
  idltest_stop_server (srv);
  no_server (name);

  /* A server on another name does not answer for this one.  */
  char other[108];
  snprintf (other, sizeof other, "%s", idltest_name ("other"));
  srv = idltest_fork_server (other, &calc, calc_dispatch);
  no_server (idltest_name ("not-other"));
  b = idltest_connect (other, &calc);
  CHECK (tiny (b, 2) == 3);
  idl_close (b);
  idltest_stop_server (srv);

  /* A server on a filesystem path works; once it is gone and the path
     removed, nobody answers there.  */
  srv = idltest_fork_server (path, &calc, calc_dispatch);
  b = idltest_connect (path, &calc);
  CHECK (tiny (b, -1) == 0);
  CHECK (idl_error (b) == IDL_OK);
  idl_close (b);
  idltest_stop_server (srv);
  unlink (path);
  no_server (path);

  /* Every code has a description, and they differ.  */
  for (int i = IDL_OK; i <= IDL_E_INVAL; i++)
    {
      CHECK (idl_strerror (i) != NULL && idl_strerror (i)[0] != 0);
      for (int j = IDL_OK; j < i; j++)
	CHECK (strcmp (idl_strerror (i), idl_strerror (j)) != 0);
    }
  CHECK (idl_strerror (1000) != NULL);
  return 0;
}
