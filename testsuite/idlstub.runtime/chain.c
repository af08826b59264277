/* { dg-do run } */
/* Area: runtime
   Purpose: a server that is itself a client of another server (client
   -> VFS -> PFS, three processes): words, payloads and descriptors
   travel the whole chain and back, in every server mode, with several
   clients at once; the middle server's deadline on its own calls turns
   a slow PFS into an IDL_E_TIMEOUT reply, a dead PFS into an error
   reply, and the middle server goes on serving what it can.  */

#include <pthread.h>
#include "rt-common.h"

/* The VFS: forwards RT_ADD (adding 1000 on the way back), RT_XFORM
   (payload out and back) and RT_FD_OPEN (the PFS's descriptors handed
   on) to the PFS; answers RT_PEER itself; passes the PFS's transport
   errors on as its own error replies.  One binding to the PFS per
   thread: a binding is used by one thread at a time, and with workers
   several implementations run at once.  It is closed when its thread
   ends (a connection's thread, with a thread per connection).  */

static char pfs_name[200];
static __thread idl_binding_t *pfs;
static pthread_key_t pfs_key;
static pthread_once_t pfs_once = PTHREAD_ONCE_INIT;

static void
close_pfs (void *b)
{
  idl_close (b);
}

static void
make_pfs_key (void)
{
  if (pthread_key_create (&pfs_key, close_pfs) != 0)
    abort ();
}

static uint64_t
vfs_error (int code)
{
  return IDL_TAG_ERROR | (uint64_t) code << IDL_TAG_OP_SHIFT;
}

static uint64_t
vfs_dispatch (idl_call_t *call, uint64_t *msg)
{
  unsigned op = (msg[0] >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK;
  unsigned n = msg[0] & IDL_TAG_COUNT_MASK;
  uint64_t tag;

  if (op == RT_PEER)
    return rt_dispatch (call, msg);
  if (!pfs)
    {
      int err;
      pfs = idl_connect (pfs_name, &rt_iface, &err);
      if (!pfs)
	return vfs_error (err);
      pthread_once (&pfs_once, make_pfs_key);
      pthread_setspecific (pfs_key, pfs);
    }
  /* A PFS slower than 200 ms at RT_SLOW_ADD is reported to our client
     as a timeout.  Other calls get a deadline no loaded machine
     reaches (the CI machine's two cores run other work too): they
     must not fail for want of a CPU.  */
  idl_set_timeout (pfs, op == RT_SLOW_ADD ? 200 * 1000 : 20 * 1000 * 1000);

  switch (op)
    {
    case RT_ADD:
    case RT_SLOW_ADD:
      if (n != (op == RT_ADD ? 2u : 3u))
	return vfs_error (IDL_E_BADMSG);
      tag = idl_call_m (pfs, msg[0], msg + 1);
      if (tag != rt_tag (op, 1))
	return vfs_error (idl_error (pfs));
      msg[1] = rt_mr (pfs)[1] + 1000;
      return rt_tag (op, 1);

    case RT_XFORM:
      {
	uint64_t len = msg[IDL_MSG_REQ_LEN];
	uint8_t *p = idl_request_payload (pfs);
	if (!p)
	  return vfs_error (idl_error (pfs));
	memcpy (p, (uint8_t *) msg + IDL_MSG_REQ_PAYLOAD, len);
	tag = idl_call_x (pfs, rt_tag (RT_XFORM, 0), NULL, len, NULL, 0);
	if (tag != rt_tag (RT_XFORM, 2) || rt_mr (pfs)[1] != len)
	  return vfs_error (idl_error (pfs));
	/* XFORM twice is the identity: the client gets its bytes back,
	   which proves both hops moved them.  */
	const uint8_t *r = rt_payload (pfs);
	uint8_t *out = (uint8_t *) msg + IDL_MSG_REPLY_PAYLOAD;
	for (uint64_t i = 0; i < len; i++)
	  out[i] = r[len - 1 - i] ^ 0xa5;
	msg[IDL_MSG_REPLY_LEN] = len;
	msg[1] = len;
	msg[2] = 0;
	return rt_tag (RT_XFORM, 2);
      }

    case RT_FD_OPEN:
      if (n != 2 || msg[1] > IDL_MAX_FDS)
	return vfs_error (IDL_E_BADMSG);
      tag = idl_call_r4 (pfs, msg[0], msg[1], msg[2], 0, 0);
      if (tag != rt_tag (RT_FD_OPEN, 1) || rt_mr (pfs)[1] != msg[1])
	return vfs_error (idl_error (pfs));
      /* Take the PFS's descriptors out of our binding (-1 in their
	 place, as a stub does) and hand them to our client; the runtime
	 closes our copies once they are sent.  */
      for (uint64_t i = 0; i < msg[1]; i++)
	{
	  msg[IDL_MSG_REPLY_FDS + i] = (uint64_t) rt_fds (pfs)[i];
	  rt_fds (pfs)[i] = -1;
	}
      msg[IDL_MSG_REPLY_NFDS] = msg[1];
      return rt_tag (RT_FD_OPEN, 1);

    default:
      return vfs_error (IDL_E_BADMSG);
    }
}

static void
add_ok (idl_binding_t *b, uint64_t x, uint64_t y)
{
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), x, y, 0, 0)
	 == rt_tag (RT_ADD, 1));
  CHECK (rt_mr (b)[1] == x + y + 1000);
}

static void
xform_ok (idl_binding_t *b, size_t len, unsigned seed)
{
  uint8_t *p = idl_request_payload (b);
  CHECK (p != NULL);
  for (size_t i = 0; i < len; i++)
    p[i] = (uint8_t) (i * 31 + seed);
  CHECK (idl_call_x (b, rt_tag (RT_XFORM, 0), NULL, len, NULL, 0)
	 == rt_tag (RT_XFORM, 2));
  CHECK (rt_mr (b)[1] == len);
  for (size_t i = 0; i < len; i++)
    CHECK (rt_payload (b)[i] == (uint8_t) (i * 31 + seed));
}

static void
fds_ok (idl_binding_t *b, unsigned k, uint64_t seed)
{
  CHECK (idl_call_r4 (b, rt_tag (RT_FD_OPEN, 2), k, seed, 0, 0)
	 == rt_tag (RT_FD_OPEN, 1));
  for (unsigned i = 0; i < k; i++)
    {
      uint64_t v;
      CHECK (read (rt_fds (b)[i], &v, sizeof v) == sizeof v);
      CHECK (v == seed + i);
    }
}

/* Several clients through the chain at once, each in its own thread
   with its own binding.  */
static const char *vfs_name;

static void *
chain_client (void *arg)
{
  unsigned k = (unsigned) (uintptr_t) arg;
  idl_binding_t *b = idltest_connect (vfs_name, &rt_iface);
  for (unsigned i = 0; i < 2000; i++)
    {
      add_ok (b, i, k);
      if (i % 100 == 0)
	{
	  xform_ok (b, 1 + i * 13 % 5000, k);
	  fds_ok (b, 1 + i % IDL_MAX_FDS, i);
	}
    }
  idl_close (b);
  return NULL;
}

/* One chain: PFS in mode PFS_MODE, VFS in mode VFS_MODE.  */
static void
chain (unsigned pfs_mode, unsigned vfs_mode)
{
  char vname[200];
  snprintf (pfs_name, sizeof pfs_name, "%s-p%u%u", idltest_name ("chain"),
	    pfs_mode, vfs_mode);
  snprintf (vname, sizeof vname, "%s-v%u%u", idltest_name ("chain"),
	    pfs_mode, vfs_mode);
  vfs_name = vname;

  pid_t p = rt_fork_server_workers (pfs_name, rt_dispatch, pfs_mode);
  pid_t v = rt_fork_server_workers (vname, vfs_dispatch, vfs_mode);
  idl_binding_t *b = idltest_connect (vname, &rt_iface);

  add_ok (b, 1, 2);
  xform_ok (b, 0, 1);
  xform_ok (b, 65536, 2);
  fds_ok (b, IDL_MAX_FDS, 77);
  add_ok (b, 0, 0);		/* closes the descriptors fds_ok left */
  int mine = rt_fd_count (0);
  int vfs_fds = rt_fd_count (v);
  int pfs_fds = rt_fd_count (p);

  pthread_t t[4];
  for (unsigned k = 0; k < 4; k++)
    CHECK (pthread_create (&t[k], NULL, chain_client, (void *) (uintptr_t) k)
	   == 0);
  for (unsigned k = 0; k < 4; k++)
    CHECK (pthread_join (t[k], NULL) == 0);
  add_ok (b, 3, 4);
  /* Nothing leaked on the way: our table is as it was, and once the
     four clients' connections are over the VFS's and the PFS's are too,
     but for the VFS's bindings to the PFS of workers that had none
     before (one per worker thread, for good).  */
  CHECK (rt_fd_count (0) == mine);
  int settled = 0;
  for (int i = 0; i < 2000 && !settled; i++)
    {
      int dv = rt_fd_count (v) - vfs_fds, dp = rt_fd_count (p) - pfs_fds;
      settled = dv >= 0 && dv <= (int) vfs_mode && dp == dv;
      usleep (10 * 1000);
    }
  CHECK (settled);

  /* A slow PFS: the VFS's own deadline (200 ms) fires and it says so
     (the PFS answers at 1500 ms: a reply that won the race would be a
     result, not IDL_E_TIMEOUT, so no upper bound on the time is
     needed, and none is asserted); then it serves again, its binding
     draining the late reply first (RT_ADD's deadline is 20 s).  */
  double t0 = rt_now_ms ();
  CHECK (idl_call_r4 (b, rt_tag (RT_SLOW_ADD, 3), 1, 2, 1500, 0)
	 == (IDL_TAG_ERROR | (uint64_t) IDL_E_TIMEOUT << IDL_TAG_OP_SHIFT));
  CHECK (idl_error (b) == IDL_E_TIMEOUT);
  CHECK (rt_now_ms () - t0 >= 195);
  add_ok (b, 5, 6);

  /* The PFS dies: the VFS's calls fail, it reports the PFS's death as
     an error reply, and it still answers what it can do alone.  */
  rt_stop_server (p);
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 1, 2, 0, 0)
	 == (IDL_TAG_ERROR | (uint64_t) IDL_E_PEER_DIED << IDL_TAG_OP_SHIFT));
  CHECK (idl_error (b) == IDL_E_PEER_DIED);
  /* An error reply saying IDL_E_PEER_DIED comes from a live server: the
     binding is not taken for dead.  */
  CHECK (idl_call_r4 (b, rt_tag (RT_PEER, 0), 0, 0, 0, 0)
	 == rt_tag (RT_PEER, 1));
  CHECK (rt_mr (b)[1] == (uint64_t) getpid ());

  idl_close (b);
  rt_stop_server (v);
}

int
main (void)
{
  chain (0, 0);
  chain (1, 2);
  chain (2, 1);
  return 0;
}
