/* { dg-do run } */
/* Area: run
   Purpose: qualifiers on the parameters of a prototype (volatile, const,
   restrict, _Atomic, on a value, a count, a pointer, a descriptor, a
   string or the binding) mean nothing to the call, C11 6.7.6.3p15: the
   stubs are built and work as without them.  A volatile parameter used
   to fail GIMPLE verification, and crash DCE at -O2.  */

#include <fcntl.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (quals, 0x1d01, 1);

IDL_OP (quals, 1) long scalars (idl_binding_t *volatile b, volatile long x,
				const volatile short y, _Atomic int z,
				const unsigned char w);
IDL_OP (quals, 2) long counted (idl_binding_t *b, volatile unsigned n,
				IDL_SIZE_IS (n, 8)
				IDL_IN const int *volatile p);
IDL_OP (quals, 3) long described (idl_binding_t *const b,
				  IDL_FD volatile int fd,
				  IDL_STRING (10)
				  IDL_IN const char *volatile s);
IDL_OP (quals, 4) void pointers (idl_binding_t *restrict b,
				 IDL_OUT long *volatile o,
				 IDL_INOUT volatile long *restrict io,
				 IDL_OUT _Atomic long *a,
				 IDL_IN const volatile long *const cv);

IDL_SERVER (quals);

long
scalars_impl (idl_call_t *call, volatile long x, const volatile short y,
	      _Atomic int z, const unsigned char w)
{
  return x * 1000000 + y * 1000 + z * 10 + w;
}

long
counted_impl (idl_call_t *call, volatile unsigned n, const int *volatile p)
{
  long sum = 0;
  for (unsigned i = 0; i < n; i++)
    sum += p[i];
  return sum * 10 + n;
}

long
described_impl (idl_call_t *call, volatile int fd, const char *volatile s)
{
  char c = 0;
  if (fd < 0 || read (fd, &c, 1) != 1)
    return -1;
  close (fd);
  return c * 100 + (long) strlen (s);
}

void
pointers_impl (idl_call_t *call, long *volatile o, volatile long *restrict io,
	       _Atomic long *a, const volatile long *const cv)
{
  *o = *cv + 1;
  *io = *io * 2;
  *a = 77;
}

int
main (void)
{
  const char *name = idltest_name ("qual-params");
  pid_t srv = idltest_fork_server (name, &quals, quals_dispatch);
  idl_binding_t *b = idltest_connect (name, &quals);

  CHECK (scalars (b, 5, -3, 4, 9) == 5000000 - 3000 + 40 + 9);
  CHECK (idl_error (b) == IDL_OK);

  int v[3] = { 1, 2, 3 };
  CHECK (counted (b, 3, v) == 63);
  CHECK (idl_error (b) == IDL_OK);

  int pfd[2];
  CHECK (pipe (pfd) == 0);
  CHECK (write (pfd[1], "A", 1) == 1);
  CHECK (described (b, pfd[0], "hello") == 'A' * 100 + 5);
  CHECK (idl_error (b) == IDL_OK);
  close (pfd[0]);
  close (pfd[1]);

  long o = 0, io = 21, cv = 41;
  _Atomic long a = 0;
  pointers (b, &o, &io, &a, &cv);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (o == 42 && io == 42 && a == 77 && cv == 41);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
