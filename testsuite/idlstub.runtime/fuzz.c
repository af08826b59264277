/* { dg-do run } */
/* Area: runtime
   Purpose: random tags and words, and a thread scribbling on the shared
   page while calls run, never crash or wedge the server.  */

#include <pthread.h>
#include "rt-common.h"
#include "idlhostile.h"	/* the runtime's page layout: we attack it */

static uint64_t rng_state = 0x243f6a8885a308d3ULL;

static uint64_t
rng (void)
{
  return hostile_rng (&rng_state);
}

/* A random request: mostly our interface, any operation but the ones
   that sleep or stop, any count, sometimes flags the client must not
   set.  */
static uint64_t
random_tag (void)
{
  uint64_t r = rng ();
  unsigned op = (r >> 8) % 12;
  if (op == RT_SLEEP || op == RT_STOP)
    op = RT_ECHO;
  uint32_t iface = (r & 3) == 0 ? (uint32_t) (r >> 32) : RT_IFACE_ID;
  uint64_t tag = rt_tag_iface (iface, op, (r >> 16) & IDL_TAG_COUNT_MASK);
  if ((r & 0x70) == 0)
    tag |= IDL_TAG_ERROR;
  if ((r & 0x380) == 0)
    tag |= (r >> 24) & 0xfe00;	/* reserved bits 9-15 */
  return tag;
}

static idl_binding_t *b;
static struct idl_page *page;
static volatile int scribbling;

/* The hostile half of a client: writes junk tags (never our interface,
   so the server cannot be made to sleep on a junk RT_SLEEP), junk words
   and junk states, and wakes the server.  */
static void *
scribbler (void *arg)
{
  (void) arg;
  uint64_t x = 0x9e3779b97f4a7c15ULL;
  while (scribbling)
    {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      for (unsigned i = 1; i < IDL_MR_WORDS; i++)
	__atomic_store_n (&page->mr[i], x * i, __ATOMIC_RELAXED);
      __atomic_store_n (&page->mr[0], x | (uint64_t) 0x80000000 << 32,
			__ATOMIC_RELAXED);
      unsigned s = (x >> 40) % 4;
      if (s == 3)
	s = 0xdeadbeef;
      idl_page_publish (page, s, &page->server_sleeping);
      __atomic_store_n (&page->server_sleeping, (uint32_t) (x >> 8) & 1,
			__ATOMIC_RELAXED);
    }
  return NULL;
}

static void
check_clean_calls (void)
{
  for (uint64_t i = 0; i < 100; i++)
    {
      CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), i, 9, 0, 0)
	     == rt_tag (RT_ADD, 1));
      CHECK (rt_mr (b)[1] == i + 9);
      CHECK (idl_error (b) == IDL_OK);
    }
}

int
main (void)
{
  const char *name = idltest_name ("fuzz");
  pid_t srv = rt_fork_server (name, rt_dispatch);
  uint64_t words[IDL_TAG_COUNT_MASK], tag, r;
  unsigned errors = 0, oks = 0;

  b = idltest_connect (name, &rt_iface);
  page = (struct idl_page *) ((char *) rt_mr (b) - IDL_PAGE_MR_OFFSET);

  /* Random requests through the API.  */
  for (int it = 0; it < 20000; it++)
    {
      tag = random_tag ();
      for (unsigned i = 0; i < IDL_TAG_COUNT_MASK; i++)
	words[i] = rng ();
      if (rng () % 8 == 0)
	{
	  CHECK (idl_send_m (b, tag, words) == 0);
	  continue;
	}
      r = idl_call_m (b, tag, words);
      if (r & IDL_TAG_ERROR)
	{
	  /* An error tag has nothing but the flag and a known code, and
	     idl_error agrees with it.  */
	  unsigned code = (r >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
	  CHECK (r == hostile_err_tag (code));
	  CHECK (code >= IDL_E_CONNECT && code <= IDL_E_INVAL
		 && code != IDL_E_PEER_DIED);
	  CHECK (idl_error (b) == (int) code);
	  errors++;
	}
      else
	{
	  /* Only a well-formed request of ours gets a real reply.  */
	  unsigned n = tag & IDL_TAG_COUNT_MASK;
	  CHECK ((uint32_t) (tag >> IDL_TAG_IFACE_SHIFT) == RT_IFACE_ID);
	  CHECK (n < IDL_MR_WORDS && !(tag & (IDL_TAG_ERROR | IDL_TAG_ONEWAY)));
	  CHECK (idl_error (b) == IDL_OK);
	  unsigned op = (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
	  if (op == RT_ECHO)
	    {
	      CHECK (r == rt_tag (RT_ECHO, n));
	      for (unsigned i = 0; i < n; i++)
		CHECK (rt_mr (b)[1 + i] == ~words[i]);
	    }
	  else if (op == RT_ADD)
	    CHECK (r == rt_tag (RT_ADD, 1)
		   && rt_mr (b)[1] == words[0] + words[1]);
	  oks++;
	}
    }
  printf ("random requests: %u replies, %u errors\n", oks, errors);
  CHECK (oks > 1000 && errors > 1000);
  check_clean_calls ();

  /* Calls while another thread scribbles on the page: anything may come
     back, but every call returns and the server survives.  */
  pthread_t t;
  scribbling = 1;
  CHECK (pthread_create (&t, NULL, scribbler, NULL) == 0);
  double t0 = rt_now_ms ();
  for (int it = 0; it < 5000 && rt_now_ms () - t0 < 3000; it++)
    {
      for (unsigned i = 0; i < 8; i++)
	words[i] = rng ();
      idl_call_m (b, rt_tag (RT_ECHO, 8), words);
    }
  scribbling = 0;
  CHECK (pthread_join (t, NULL) == 0);

  /* The page is in whatever state the scribbler left it; the runtime
     takes it from there.  (A junk REQUEST gets its error reply.)  */
  CHECK (waitpid (srv, NULL, WNOHANG) == 0);
  idl_call_r4 (b, rt_tag (RT_ADD, 2), 0, 0, 0, 0);
  check_clean_calls ();

  /* A fresh connection is not affected at all.  */
  idl_close (b);
  b = idltest_connect (name, &rt_iface);
  check_clean_calls ();
  idl_close (b);
  CHECK (waitpid (srv, NULL, WNOHANG) == 0);
  rt_stop_server (srv);
  return 0;
}
