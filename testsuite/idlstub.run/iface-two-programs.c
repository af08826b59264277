/* { dg-do run } */
/* { dg-program "iface-two-programs-server" "-DSERVER" } */
/* Area: run
   Purpose: two programs, each built from a header of its own, whose
   interfaces have the same id, version, operation numbers and types but
   different names: the client of the one is refused by the server of
   the other with IDL_E_IFACE at connect, and nothing runs (issue 17:
   other_sub (b, 5, 6) ran calc_add_impl and returned 11 with IDL_OK).
   The server is this file built with -DSERVER (dg-program), run as a
   program of its own.  */

#include <idlstub.h>
#include "idltest.h"

#ifdef SERVER

/* The server's header.  */
IDL_INTERFACE (calc, 0x1717, 1);
IDL_OP (calc, 1) long calc_add (idl_binding_t *b, long x, long y);
IDL_SERVER (calc);

long
calc_add_impl (idl_call_t *call, long x, long y)
{
  return x + y;
}

/* Serve calc under argv[1]; say so on descriptor argv[2].  */
int
main (int argc, char **argv)
{
  int err = 0;
  if (argc != 3)
    return 2;
  idl_server_t *srv = idl_server_create (argv[1], &calc, calc_dispatch,
					 &err);
  if (!srv)
    {
      fprintf (stderr, "idl_server_create: %s\n", idl_strerror (err));
      return 2;
    }
  int ready = atoi (argv[2]);
  char ok = 1;
  if (write (ready, &ok, 1) != 1)
    return 2;
  close (ready);
  return idl_server_run (srv) == 0 ? 0 : 3;
}

#else

/* The client's header: another interface that happens to have the
   same id, version, operation number and types.  */
IDL_INTERFACE (other, 0x1717, 1);
IDL_OP (other, 1) long other_sub (idl_binding_t *b, long x, long y);

/* Run the server program under NAME; its pid, once it listens.  */
static pid_t
start_server (const char *name)
{
  int ready[2];
  CHECK (pipe (ready) == 0);
  pid_t pid = fork ();
  CHECK (pid >= 0);
  if (pid == 0)
    {
      char fd[16];
      prctl (PR_SET_PDEATHSIG, SIGKILL);
      close (ready[0]);
      snprintf (fd, sizeof fd, "%d", ready[1]);
      execl ("./iface-two-programs-server.exe",
	     "iface-two-programs-server.exe", name, fd, (char *) NULL);
      perror ("./iface-two-programs-server.exe");
      _exit (2);
    }
  close (ready[1]);
  char ok = 0;
  ssize_t n;
  do
    n = read (ready[0], &ok, 1);
  while (n < 0 && errno == EINTR);
  close (ready[0]);
  CHECK (n == 1 && ok == 1);
  return pid;
}

int
main (void)
{
  const char *name = idltest_name ("two-programs");
  pid_t srv = start_server (name);

  int err = IDL_OK;
  idl_binding_t *b = idl_connect (name, &other, &err);
  CHECK (b == NULL && err == IDL_E_IFACE);

  /* The server is up and takes a client of its own interface: the
     same descriptor under the name "calc", as the server's header has
     it, runs calc_add_impl.  Only the name made the difference.  */
  b = idltest_connect (name, idltest_as (&other, "calc"));
  CHECK (other_sub (b, 5, 6) == 11 && idl_error (b) == IDL_OK);
  idl_close (b);

  idltest_stop_server (srv);
  return 0;
}

#endif
