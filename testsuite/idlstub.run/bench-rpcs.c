/* { dg-do run } */
/* Area: run
   Purpose: IDL4's benchmark RPCs tiny, small and large (paper 000, 6.4),
   with results that depend on every argument and its position.  */

#include <limits.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (bench, 0x4c34, 1);

IDL_OP (bench, 1) long tiny (idl_binding_t *b, long a);
IDL_OP (bench, 2) long small (idl_binding_t *b, short a, long b_, short c);
IDL_OP (bench, 3) long large (idl_binding_t *b, long a, long b_, long c,
			      long d, long e, long f);
IDL_OP (bench, 4) long server_pid (idl_binding_t *b);

IDL_SERVER (bench);

long
tiny_impl (idl_call_t *call, long a)
{
  return ~a;
}

/* Positional: swapping any two arguments changes the result.  */
long
small_impl (idl_call_t *call, short a, long b, short c)
{
  return (long) ((unsigned long) (unsigned short) a << 48
		 ^ (unsigned long) b
		 ^ (unsigned long) (long) c * 3);
}

long
large_impl (idl_call_t *call, long a, long b, long c, long d, long e, long f)
{
  unsigned long h = 0;
  h = h * 31 + (unsigned long) a;
  h = h * 31 + (unsigned long) b;
  h = h * 31 + (unsigned long) c;
  h = h * 31 + (unsigned long) d;
  h = h * 31 + (unsigned long) e;
  h = h * 31 + (unsigned long) f;
  return (long) h;
}

long
server_pid_impl (idl_call_t *call)
{
  return getpid ();
}

/* The client's own computation, for comparison.  */
static long
small_ref (short a, long b, short c)
{
  return small_impl (0, a, b, c);
}

static long
large_ref (long a, long b, long c, long d, long e, long f)
{
  return large_impl (0, a, b, c, d, e, f);
}

int
main (void)
{
  const char *name = idltest_name ("bench");
  pid_t srv = idltest_fork_server (name, &bench, bench_dispatch);
  idl_binding_t *b = idltest_connect (name, &bench);

  long pid = server_pid (b);
  CHECK (pid == srv);
  CHECK (pid != getpid ());

  CHECK (tiny (b, 0) == -1);
  CHECK (tiny (b, -1) == 0);
  CHECK (tiny (b, 41) == -42);
  CHECK (tiny (b, LONG_MIN) == LONG_MAX);
  CHECK (tiny (b, (long) 0xdeadbeefcafef00dUL) == (long) 0x2152411035010ff2UL);

  CHECK (small (b, 1, 0, 0) == 0x0001000000000000L);
  CHECK (small (b, 0, 1, 0) == 1);
  CHECK (small (b, 0, 0, 1) == 3);
  CHECK (small (b, -1, 0, 0) == (long) 0xffff000000000000UL);
  CHECK (small (b, 0, 0, -1) == -3);
  CHECK (small (b, SHRT_MIN, LONG_MAX, SHRT_MAX)
	 == small_ref (SHRT_MIN, LONG_MAX, SHRT_MAX));
  CHECK (small (b, 0x1234, (long) 0xdeadbeefcafef00dUL, -0x5678)
	 == small_ref (0x1234, (long) 0xdeadbeefcafef00dUL, -0x5678));
  /* a and c swapped give different results, so each is in its place.  */
  CHECK (small (b, 7, 100, 9) == small_ref (7, 100, 9));
  CHECK (small (b, 9, 100, 7) == small_ref (9, 100, 7));
  CHECK (small_ref (7, 100, 9) != small_ref (9, 100, 7));

  CHECK (large (b, 1, 0, 0, 0, 0, 0) == 28629151L);
  CHECK (large (b, 0, 0, 0, 0, 0, 1) == 1);
  CHECK (large (b, 0, 0, 0, 0, 1, 0) == 31);
  CHECK (large (b, 1, 2, 3, 4, 5, 6) == large_ref (1, 2, 3, 4, 5, 6));
  CHECK (large (b, 6, 5, 4, 3, 2, 1) == large_ref (6, 5, 4, 3, 2, 1));
  CHECK (large (b, LONG_MIN, -1, LONG_MAX, 0x80, -0x8000, 0x7fffffff)
	 == large_ref (LONG_MIN, -1, LONG_MAX, 0x80, -0x8000, 0x7fffffff));
  for (long i = 0; i < 6; i++)
    {
      long v[6] = { 0, 0, 0, 0, 0, 0 };
      v[i] = (long) 0xdeadbeefcafef00dUL;
      CHECK (large (b, v[0], v[1], v[2], v[3], v[4], v[5])
	     == large_ref (v[0], v[1], v[2], v[3], v[4], v[5]));
    }
  CHECK (idl_error (b) == IDL_OK);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
