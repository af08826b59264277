/* pch-main.c -- client and servers of a precompiled interface (pch.exp).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Area: pch
   Purpose: with pch-iface.h precompiled, the client stubs and both
   dispatchers are built and every operation works; without the
   plugin's rebuilding of its model after the header is loaded, the
   client had no stubs and the dispatchers rejected every call.  The
   header comes first, or GCC does not use its precompiled form.  */

#include <pch-iface.h>
#include <fcntl.h>
#include "idltest.h"

IDL_SERVER (pchcalc);
IDL_SERVER (pchlog);

static long last_value;

long tiny_impl (idl_call_t *call, long x) { return x + 1; }
long small_impl (idl_call_t *call, short a, long c, short d)
{
  return a * 10000 + c * 100 + d;
}
double divide_impl (idl_call_t *call, double num, double den,
		    long *quotient, int *calls)
{
  *quotient = (long) (num / den);
  ++*calls;
  return num / den;
}
unsigned shout_impl (idl_call_t *call, const char *in, char *out)
{
  unsigned i;
  for (i = 0; in[i]; i++)
    out[i] = in[i] >= 'a' && in[i] <= 'z' ? in[i] - 'a' + 'A' : in[i];
  out[i] = 0;
  return i;
}
int sum_impl (idl_call_t *call, unsigned n, const int *v, unsigned cap,
	      int *back, unsigned *got)
{
  int s = 0;
  for (unsigned i = 0; i < n; i++)
    s += v[i];
  *got = n < cap ? n : cap;
  for (unsigned i = 0; i < *got; i++)
    back[i] = -v[i];
  return s;
}
int fd_byte_impl (idl_call_t *call, int fd)
{
  char c = 0;
  int r = read (fd, &c, 1) == 1 ? c : -1;
  close (fd);
  return r;
}
void note_impl (idl_call_t *call, long value) { last_value = value; }
long last_impl (idl_call_t *call) { return last_value; }

int
main (void)
{
  char cname[64], lname[64];
  snprintf (cname, sizeof cname, "%s", idltest_name ("pch-calc"));
  snprintf (lname, sizeof lname, "%s", idltest_name ("pch-log"));
  pid_t s1 = idltest_fork_server (cname, &pchcalc, pchcalc_dispatch);
  pid_t s2 = idltest_fork_server (lname, &pchlog, pchlog_dispatch);
  idl_binding_t *b = idltest_connect (cname, &pchcalc);
  idl_binding_t *l = idltest_connect (lname, &pchlog);

  CHECK (tiny (b, 41) == 42);
  CHECK (small (b, 1, 2, 3) == 10203);
  long q = 0;
  int calls = 5;
  CHECK (divide (b, 22, 7, &q, &calls) > 3.14 && q == 3 && calls == 6);
  char out[33];
  CHECK (shout (b, "hello, pch", out) == 10 && strcmp (out, "HELLO, PCH") == 0);
  int v[3] = { 1, 2, 3 }, back[2];
  unsigned got = 99;
  CHECK (sum (b, 3, v, 2, back, &got) == 6 && got == 2 && back[0] == -1
	 && back[1] == -2);
  int pfd[2];
  CHECK (pipe (pfd) == 0 && write (pfd[1], "Z", 1) == 1);
  CHECK (fd_byte (b, pfd[0]) == 'Z');
  close (pfd[0]);
  close (pfd[1]);
  CHECK (idl_error (b) == IDL_OK);

  /* The ONC RPC table carries the program IDL_ONC_PROGRAM chose, not
     the default one (0x20000000 + id).  */
  CHECK (pchlog.onc && pchlog.onc[1] == 0x20000942);

  note (l, 1234);
  CHECK (last (l) == 1234);
  CHECK (idl_error (l) == IDL_OK);

  idl_close (b);
  idl_close (l);
  idltest_stop_server (s1);
  idltest_stop_server (s2);
  return 0;
}
