/* { dg-do run } */
/* Area: run
   Purpose: out and inout parameters of every kind (scalar, small and big
   block, array, string, buffer with a length, descriptor) are left
   exactly as they were when a call fails: refused by the client
   (IDL_E_BOUNDS for a string, count or length over its bound,
   IDL_E_INVAL for a null string or a closed descriptor; the server is
   not called), refused by the server after the implementation ran
   (IDL_E_BOUNDS for an out string or length over its bound), or with
   the server gone (IDL_E_PEER_DIED).  The objects sit between guard
   regions; a successful call writes each of them, and only them.  */

#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (argun, 0x2a08, 1);

typedef struct { char c; int i; short s; long l; } small_t;	/* words */
typedef struct { long a[20]; char name[32]; } big_t;		/* payload */

/* MODE 0: everything written, and valid; 1: OSTR overruns its bound;
   2: IOSTR does; 3: *LEN > CAP; 4: *ILEN > ICAP; 5: *LEN = UINT_MAX;
   6: *ILEN = -1.  */
IDL_OP (argun, 1) int all (idl_binding_t *b, int mode,
			   IDL_IN IDL_STRING (8) const char *in,
			   IDL_FD int infd,
			   IDL_OUT long *os, IDL_INOUT short *ios,
			   IDL_OUT small_t *ob, IDL_INOUT small_t *iob,
			   IDL_OUT big_t *obb, IDL_INOUT big_t *iobb,
			   IDL_OUT int oa[4],
			   IDL_OUT IDL_STRING (8) char *ostr,
			   IDL_INOUT IDL_STRING (8) char *iostr,
			   IDL_OUT IDL_SIZE_IS (cap, 6) IDL_LENGTH_IS (len)
			     uint16_t *obuf,
			   unsigned cap, IDL_OUT unsigned *len,
			   IDL_INOUT IDL_SIZE_IS (icap, 6) IDL_LENGTH_IS (ilen)
			     int32_t *iobuf,
			   int icap, IDL_INOUT int *ilen,
			   IDL_OUT IDL_FD int *ofd);
IDL_OP (argun, 2) long calls (idl_binding_t *b);

IDL_SERVER (argun);

static long ncalls;

long
calls_impl (idl_call_t *call)
{
  return ncalls;
}

int
all_impl (idl_call_t *call, int mode, const char *in, int infd, long *os,
	  short *ios, small_t *ob, small_t *iob, big_t *obb, big_t *iobb,
	  int oa[4], char *ostr, char *iostr, uint16_t *obuf, unsigned cap,
	  unsigned *len, int32_t *iobuf, int icap, int *ilen, int *ofd)
{
  ncalls++;
  *os = 0x1111111111L;
  *ios = (short) (*ios + 1);
  ob->c = 'o';
  ob->i = 2;
  ob->s = 3;
  ob->l = 4;
  iob->l++;
  obb->a[0] = 5;
  strcpy (obb->name, "obb");
  iobb->a[19]++;
  for (int i = 0; i < 4; i++)
    oa[i] = i + 10;
  strcpy (ostr, "ostr");
  iostr[0] = 'I';
  *len = cap < 2 ? cap : 2;
  for (unsigned i = 0; i < *len; i++)
    obuf[i] = (uint16_t) (i + 100);
  for (int i = 0; i < *ilen; i++)
    iobuf[i] = -iobuf[i];
  int p[2];
  CHECK (pipe (p) == 0);
  CHECK (write (p[1], "fd", 2) == 2);
  close (p[1]);
  *ofd = p[0];
  switch (mode)
    {
    case 1:
      memset (ostr, 'x', 9);
      break;
    case 2:
      memset (iostr, 'y', 9);
      break;
    case 3:
      *len = cap + 1;
      break;
    case 4:
      *ilen = icap + 1;
      break;
    case 5:
      *len = 0xffffffffu;
      break;
    case 6:
      *ilen = -1;
      break;
    }
  return 1000 + mode;
}

#define GUARD 32
#define FILL 0xa5

/* Every out and inout object of one call, each between guards.  */
#define SLOT(T, NAME, DIMS)						\
  unsigned char NAME##_pre[GUARD];					\
  T NAME DIMS;								\
  unsigned char NAME##_post[GUARD]

struct objects
{
  SLOT (long, os, );
  SLOT (short, ios, );
  SLOT (small_t, ob, );
  SLOT (small_t, iob, );
  SLOT (big_t, obb, );
  SLOT (big_t, iobb, );
  SLOT (int, oa, [4]);
  SLOT (char, ostr, [9]);
  SLOT (char, iostr, [10]);
  SLOT (uint16_t, obuf, [7]);
  SLOT (unsigned, len, );
  SLOT (int32_t, iobuf, [7]);
  SLOT (int, ilen, );
  SLOT (int, ofd, );
};

static struct objects obj, saved;

/* Fill everything with a pattern, then give the inout objects their
   values.  */
static void
prepare (const char *iostr, int ilen)
{
  memset (&obj, FILL, sizeof obj);
  obj.ios = 7;
  memset (&obj.iob, 0, sizeof obj.iob);
  obj.iob.l = 70;
  memset (&obj.iobb, 0, sizeof obj.iobb);
  obj.iobb.a[19] = 700;
  strcpy (obj.iostr, iostr);
  for (int i = 0; i < 7; i++)
    obj.iobuf[i] = i + 1;
  obj.ilen = ilen;
  memcpy (&saved, &obj, sizeof obj);
}

static int
call_all (idl_binding_t *b, int mode, const char *in, int infd,
	  char *iostr, unsigned cap, int icap)
{
  return all (b, mode, in, infd, &obj.os, &obj.ios, &obj.ob, &obj.iob,
	      &obj.obb, &obj.iobb, obj.oa, obj.ostr, iostr, obj.obuf, cap,
	      &obj.len, obj.iobuf, icap, &obj.ilen, &obj.ofd);
}

/* A failed call: nothing changed.  */
static void
check_untouched (const char *what)
{
  if (memcmp (&obj, &saved, sizeof obj) != 0)
    {
      const unsigned char *a = (const void *) &obj, *s = (const void *) &saved;
      size_t i = 0;
      while (a[i] == s[i])
	i++;
      fprintf (stderr, "%s: byte %zu of the objects changed\n", what, i);
    }
  CHECK (memcmp (&obj, &saved, sizeof obj) == 0);
}

int
main (void)
{
  const char *name = idltest_name ("arg-untouched");
  pid_t srv = idltest_fork_server (name, &argun, argun_dispatch);
  idl_binding_t *b = idltest_connect (name, &argun);
  long expect_calls = 0;
  int p[2];
  CHECK (pipe (p) == 0);
  long fds_base = idltest_count_fds ();

  /* A successful call writes every object, within its bounds.  */
  prepare ("io", 3);
  CHECK (call_all (b, 0, "in", p[0], obj.iostr, 6, 6) == 1000);
  CHECK (idl_error (b) == IDL_OK);
  expect_calls++;
  CHECK (obj.os == 0x1111111111L);
  CHECK (obj.ios == 8);
  CHECK (obj.ob.c == 'o' && obj.ob.i == 2 && obj.ob.s == 3 && obj.ob.l == 4);
  CHECK (obj.iob.l == 71);
  CHECK (obj.obb.a[0] == 5 && strcmp (obj.obb.name, "obb") == 0);
  CHECK (obj.iobb.a[19] == 701);
  for (int i = 0; i < 4; i++)
    CHECK (obj.oa[i] == i + 10);
  CHECK (strcmp (obj.ostr, "ostr") == 0);
  CHECK (strcmp (obj.iostr, "Io") == 0);
  CHECK (obj.len == 2 && obj.obuf[0] == 100 && obj.obuf[1] == 101);
  CHECK (obj.ilen == 3);
  for (int i = 0; i < 7; i++)
    CHECK (obj.iobuf[i] == (i < 3 ? -(i + 1) : i + 1));
  CHECK (obj.ofd >= 0);
  char two[3] = "";
  CHECK (read (obj.ofd, two, 2) == 2 && strcmp (two, "fd") == 0);
  close (obj.ofd);
  /* Only the objects changed: every guard is intact.  */
#define GUARDS_INTACT(T, NAME)						\
  for (int i = 0; i < GUARD; i++)					\
    CHECK (obj.NAME##_pre[i] == FILL && obj.NAME##_post[i] == FILL);
  GUARDS_INTACT (long, os);
  GUARDS_INTACT (short, ios);
  GUARDS_INTACT (small_t, ob);
  GUARDS_INTACT (small_t, iob);
  GUARDS_INTACT (big_t, obb);
  GUARDS_INTACT (big_t, iobb);
  GUARDS_INTACT (int, oa);
  GUARDS_INTACT (char, ostr);
  GUARDS_INTACT (char, iostr);
  GUARDS_INTACT (uint16_t, obuf);
  GUARDS_INTACT (unsigned, len);
  GUARDS_INTACT (int32_t, iobuf);
  GUARDS_INTACT (int, ilen);
  GUARDS_INTACT (int, ofd);
  /* The buffers' elements past the length are the caller's.  */
  for (int i = 2; i < 7; i++)
    CHECK (obj.obuf[i] == 0xa5a5);

  /* Refused by the client: nothing sent.  */
  prepare ("io", 3);
  CHECK (call_all (b, 0, "123456789", p[0], obj.iostr, 6, 6) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  check_untouched ("in string over its bound");

  prepare ("io", 3);
  CHECK (call_all (b, 0, NULL, p[0], obj.iostr, 6, 6) == 0);
  CHECK (idl_error (b) == IDL_E_INVAL);
  check_untouched ("null in string");

  prepare ("123456789", 3);
  CHECK (call_all (b, 0, "in", p[0], obj.iostr, 6, 6) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  check_untouched ("inout string over its bound");

  prepare ("io", 3);
  CHECK (call_all (b, 0, "in", p[0], NULL, 6, 6) == 0);
  CHECK (idl_error (b) == IDL_E_INVAL);
  check_untouched ("null inout string");

  prepare ("io", 3);
  CHECK (call_all (b, 0, "in", p[0], obj.iostr, 7, 6) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  check_untouched ("out capacity over its bound");

  prepare ("io", 3);
  CHECK (call_all (b, 0, "in", p[0], obj.iostr, 6, 7) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  check_untouched ("inout capacity over its bound");

  prepare ("io", 5);
  CHECK (call_all (b, 0, "in", p[0], obj.iostr, 6, 4) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  check_untouched ("inout length over the capacity");

  prepare ("io", -1);
  CHECK (call_all (b, 0, "in", p[0], obj.iostr, 6, 6) == 0);
  CHECK (idl_error (b) == IDL_E_BOUNDS);
  check_untouched ("negative inout length");

  {
    int q[2];
    CHECK (pipe (q) == 0);
    close (q[0]);
    close (q[1]);
    prepare ("io", 3);
    CHECK (call_all (b, 0, "in", q[0], obj.iostr, 6, 6) == 0);
    CHECK (idl_error (b) == IDL_E_INVAL);
    check_untouched ("closed in descriptor");
  }
  CHECK (calls (b) == expect_calls);

  /* Refused by the server after the implementation ran.  */
  for (int mode = 1; mode <= 6; mode++)
    {
      prepare ("io", 3);
      CHECK (call_all (b, mode, "in", p[0], obj.iostr, 6, 6) == 0);
      if (idl_error (b) != IDL_E_BOUNDS)
	fprintf (stderr, "mode %d: error %d\n", mode, idl_error (b));
      CHECK (idl_error (b) == IDL_E_BOUNDS);
      expect_calls++;
      char what[32];
      snprintf (what, sizeof what, "server mode %d", mode);
      check_untouched (what);
    }
  CHECK (calls (b) == expect_calls);
  /* The descriptors the server handed over before failing did not
     reach the client.  */
  CHECK (idltest_count_fds () == fds_base);

  /* The server is gone.  */
  idltest_stop_server (srv);
  prepare ("io", 3);
  CHECK (call_all (b, 0, "in", p[0], obj.iostr, 6, 6) == 0);
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  check_untouched ("dead server");
  CHECK (idltest_count_fds () == fds_base);

  idl_close (b);
  close (p[0]);
  close (p[1]);
  return 0;
}
