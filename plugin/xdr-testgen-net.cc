/* xdr-testgen-net.cc -- the XDR test program over the network: idlstub
   against rpcgen's own server and client.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The program xdr-testgen.cc writes compares the codecs byte by byte
   with rpcgen's in one process.  These parts run the same values
   between processes over ONC RPC (testsuite/idlstub.onc/onc.exp,
   xdrt-net), in both directions:

     rpcgen -N -s tcp -s udp -o X_svc.c X.x        rpcgen's server
     rpcgen -N -l -o X_clnt.c X.x                  rpcgen's client
     gcc -DXDRT_RPCGEN=X.h -DXDRT_RPCGEN_SERVER prog.c X_svc.c X_xdr.c
     gcc -DXDRT_RPCGEN=X.h -DXDRT_RPCGEN_CLIENT prog.c X_clnt.c X_xdr.c
     prog server | prog client onc+tcp://HOST      idlstub's, as in
						   xdr-testgen.cc

   1. rpcgen's server (its generated main registers every program with
      rpcbind, over TCP and UDP): the procedures OP_1_svc below check
      every argument rpcgen decoded against the draws of the call's
      seed and answer with the result's draws, as idlstub's
      implementations do; which call a request is (and so its seed)
      is counted per operation.  SIGTERM prints what failed, and the
      exit status says whether anything did.
   2. rpcgen's client: its stubs OP_1 called with every operation's
      argument draws, XDRT_NET_ITERATIONS times over TCP, then as many
      over UDP (on the command line), and the results rpcgen decoded
      checked against the draws; a one-way operation is a clnt_call of
      its own with a zero timeout (TCP) or a millisecond's (UDP:
      libtirpc's datagram client does not send a zero-timeout call).
   3. idlstub's: "server" serves every interface on onc+tcp:// (two
      workers) and onc+udp:// (a thread) through the real dispatchers
      and the implementations of xdr-testgen.cc, counting calls as
      rpcgen's server does; "client NAME" makes rpcgen's client's calls
      through the real stubs, checking what comes back.
   The same seeds, the same order of calls on both sides.  */

#include "gcc-compat.h"
#include "model.h"
#include "xdr.h"
#include "xdr-testgen.h"

extern const char idl_xdr_testgen_rpcgen_net[];
extern const char idl_xdr_testgen_net_main[];
extern const char idl_xdr_testgen_our_net[];

namespace xdrt {

namespace {

/* The most XDR bytes the elements ELS take in the network run's UDP
   calls (variable items of at most UDP_CAP elements).  */
unsigned HOST_WIDE_INT
udp_bytes (const std::vector<xdr_spelled_elem> &els)
{
  unsigned HOST_WIDE_INT total = 0;
  for (const xdr_spelled_elem &se : els)
    {
      const xdr_type *t = se.e->type;
      unsigned HOST_WIDE_INT n = MIN (t->n, (unsigned HOST_WIDE_INT) udp_cap);
      switch (t->kind)
	{
	case XDR_STRING:
	case XDR_OPAQUE_VAR:
	  total += 4 + (n + 3) / 4 * 4;
	  break;
	case XDR_ARRAY_VAR:
	  total += 4 + n * t->elem->wire;
	  break;
	default:
	  total += t->wire;
	}
    }
  return total;
}

/* Whether P's messages fit rpcgen's UDP datagrams (UDPMSGSIZE, 8800
   bytes) with room for the RPC header and an AUTH_SYS credential.  */
bool
udp_ok (const plan &p)
{
  return udp_bytes (p.o->args) <= 8192 && udp_bytes (p.o->results) <= 8192;
}

/* rpcgen's side of operation P: check what rpcgen decoded.  */
void
emit_rchecks (gen &g, const plan &p)
{
  const xdr_spelled_op &o = *p.o;
  std::string K = std::to_string (p.k);
  std::string at = rpc_arg_type (o), rt = rpc_res_type (o);

  g.rpc = true;
  g.check = true;
  for (int results = 0; results < 2; results++)
    {
      g.out += "\nstatic void __attribute__ ((__unused__))\nxdrt_rcheck_"
	       + std::string (results ? "r" : "a") + K + " (" + at + " *a, "
	       + rt + " *w, uint64_t seed)\n{\n"
	       "  xdrt_rng_t rr, *r = &rr;\n\n  (void) a;\n  (void) w;\n"
	       "  xdrt_seed (r, seed, " + std::to_string (results + 1) + ");\n";
      g.walk (p, results);
      g.out += "}\n";
    }
  g.check = false;
}

std::string
ids (const plan &p)
{
  return std::to_string ((ull) p.op->iface->id) + "u, "
	 + std::to_string (p.op->number) + ", \"" + p.name + "\"";
}

/* rpcgen's server procedure of P (rpcgen -N: the arguments by value, a
   pointer to a static result; NULL sends no reply).  */
void
emit_svc (gen &g, const plan &p)
{
  const xdr_spelled_op &o = *p.o;
  std::string K = std::to_string (p.k);
  std::string at = rpc_arg_type (o), rt = rpc_res_type (o);
  std::string params;

  for (unsigned k = 0; k < o.args.size (); k++)
    params += rpc_ctype (o.args[k].type) + " arg" + std::to_string (k + 1)
	      + ", ";
  g.out += "\n" + (o.results.empty () ? std::string ("void") : rt) + " *\n"
	   + o.prefix + "_svc (" + params + "struct svc_req *rqstp)\n{\n";
  g.put (1, "static " + at + " a, d;");
  g.put (1, "static " + rt + " w;");
  g.put (1, "uint64_t seed = xdrt_serve_begin (" + K + ", " + ids (p) + ");");
  g.put (1, "(void) rqstp;");
  g.put (1, "memset (&a, 0, sizeof a);");
  if (o.args.size () == 1)
    g.put (1, "a = arg1;");
  else
    for (unsigned k = 0; k < o.args.size (); k++)
      g.put (1, "a.arg" + std::to_string (k + 1) + " = arg"
	     + std::to_string (k + 1) + ";");
  g.put (1, "xdrt_rcheck_a" + K + " (&a, &w, seed);");
  g.put (1, "memset (&d, 0, sizeof d);");
  g.put (1, "memset (&w, 0, sizeof w);");
  g.put (1, "xdrt_rfill_a" + K + " (&d, &w, seed);");
  g.put (1, "xdrt_rfill_r" + K + " (&d, &w, seed);");
  g.put (1, "xdrt_serve_end ();");
  g.put (1, p.op->oneway ? "return NULL;" : "return &w;");
  g.out += "}\n";
}

/* rpcgen's client's call of P.  */
void
emit_rcall (gen &g, const plan &p)
{
  const xdr_spelled_op &o = *p.o;
  std::string K = std::to_string (p.k);
  std::string at = rpc_arg_type (o), rt = rpc_res_type (o);
  std::string aproc = rpc_arg_proc (o), rproc = rpc_res_proc (o);

  g.out += "\nstatic void\nxdrt_rcall" + K + " (CLIENT *cl, uint64_t seed)\n{\n";
  g.put (1, "static " + at + " a;");
  g.put (1, "static " + rt + " w0;");
  g.put (1, "memset (&a, 0, sizeof a);");
  g.put (1, "xdrt_rfill_a" + K + " (&a, &w0, seed);");
  if (p.op->oneway)
    {
      g.put (1, "xdrt_rsend (cl, " + std::to_string (p.op->number)
	     + ", (xdrproc_t) " + (aproc.empty () ? "xdr_void" : aproc) + ", "
	     + (aproc.empty () ? "NULL" : "(char *) &a") + ");");
      g.out += "}\n";
      return;
    }
  std::string args;
  if (o.args.size () == 1)
    args = "a, ";
  else
    for (unsigned k = 0; k < o.args.size (); k++)
      args += "a.arg" + std::to_string (k + 1) + ", ";
  g.put (1, (o.results.empty () ? std::string ("void") : rt) + " *res = "
	 + o.prefix + " (" + args + "cl);");
  g.put (1, "if (!res)");
  g.put (1, "  {");
  g.put (1, "    xdrt_fail (\"%s\", clnt_sperror (cl, \"" + o.prefix + "\"));");
  g.put (1, "    return;");
  g.put (1, "  }");
  if (!o.results.empty ())
    {
      g.put (1, "xdrt_rcheck_r" + K + " (&a, res, seed);");
      g.put (1, "xdr_free ((xdrproc_t) " + rproc + ", (char *) res);");
    }
  g.out += "}\n";
}

} // anon namespace

void
emit_rpcgen_net (gen &g, const std::vector<plan> &plans)
{
  std::vector<const idl_interface *> ifaces;
  for (const plan &p : plans)
    if (std::find (ifaces.begin (), ifaces.end (), p.op->iface)
	== ifaces.end ())
      ifaces.push_back (p.op->iface);

  g.out += "\n#if defined XDRT_RPCGEN_SERVER || defined XDRT_RPCGEN_CLIENT\n";
  g.out += idl_xdr_testgen_rpcgen_net;
  for (const plan &p : plans)
    emit_rchecks (g, p);

  g.out += "\n#ifdef XDRT_RPCGEN_SERVER\n";
  for (const plan &p : plans)
    emit_svc (g, p);

  g.out += "\n#else /* XDRT_RPCGEN_CLIENT */\n";
  for (const plan &p : plans)
    emit_rcall (g, p);
  g.out += "\nstatic const struct xdrt_rprog xdrt_rprogs[] = {\n";
  for (const idl_interface *iface : ifaces)
    g.out += "  { " + std::to_string ((ull) idl_onc_program (iface)) + "u, "
	     + std::to_string ((ull) idl_onc_version (iface)) + "u },\n";
  g.out += "};\n\nstatic const struct xdrt_rop xdrt_rops[] = {\n";
  for (const plan &p : plans)
    {
      unsigned i = std::find (ifaces.begin (), ifaces.end (), p.op->iface)
		   - ifaces.begin ();
      g.out += "  { " + ids (p) + ", " + std::to_string (i) + ", "
	       + (udp_ok (p) ? "1" : "0") + ", xdrt_rcall"
	       + std::to_string (p.k) + " },\n";
    }
  g.out += "};\n";
  g.out += idl_xdr_testgen_net_main;
  g.out += "\n#endif /* XDRT_RPCGEN_CLIENT */\n"
	   "#endif /* XDRT_RPCGEN_SERVER || XDRT_RPCGEN_CLIENT */\n";
}

void
emit_our_net (gen &g, const std::vector<plan> &plans)
{
  g.out += "\n/* Operations whose messages fit rpcgen's UDP datagrams.  */\n"
	   "static const unsigned char xdrt_udp_ok[] = {";
  for (const plan &p : plans)
    g.out += udp_ok (p) ? " 1," : " 0,";
  g.out += " 0 };\n";
  g.out += idl_xdr_testgen_our_net;
}

} // namespace xdrt

/* The fixed parts, C in raw strings.  */

/* rpcgen's side: reporting, and the server's counting.  */
extern const char idl_xdr_testgen_rpcgen_net[] = R"XDRT(
#include <signal.h>
#include <unistd.h>

static unsigned xdrt_call_failures;
static unsigned long xdrt_total_failures;
static __attribute__ ((__unused__)) unsigned long xdrt_total_calls;
static const char *xdrt_cur_name = "";
static uint64_t xdrt_cur_seed;

static void __attribute__ ((__format__ (__printf__, 1, 2)))
xdrt_fail (const char *fmt, ...)
{
  va_list ap;
  xdrt_total_failures++;
  if (xdrt_call_failures++ < 8)
    {
      printf ("FAIL: %s (seed 0x%llx): ", xdrt_cur_name,
	      (unsigned long long) xdrt_cur_seed);
      va_start (ap, fmt);
      vprintf (fmt, ap);
      va_end (ap);
      putchar ('\n');
    }
}

#define xdrt_expect(cond, what) \
  ((cond) ? (void) 0 : xdrt_fail ("%s: %s differs", __func__, (what)))

#ifdef XDRT_RPCGEN_SERVER
/* Call K of operation NUMBER of interface ID begins.  */
static uint64_t
xdrt_serve_begin (unsigned k, uint64_t id, unsigned number, const char *name)
{
  unsigned iter = xdrt_served[k]++;
  xdrt_net_iter (iter);
  xdrt_cur_name = name;
  xdrt_cur_seed = xdrt_call_seed (id, number, iter);
  xdrt_call_failures = 0;
  return xdrt_cur_seed;
}

static void
xdrt_serve_end (void)
{
  xdrt_total_calls++;
  fflush (stdout);
}

/* rpcgen's main serves until killed: SIGTERM reports.  */
static void
xdrt_rserver_exit (int sig)
{
  char buf[160];
  (void) sig;
  int n = snprintf (buf, sizeof buf, "xdrt rpcgen server: %lu calls, %lu "
		    "failures: %s\n", xdrt_total_calls, xdrt_total_failures,
		    xdrt_total_failures ? "FAIL" : "PASS");
  if (write (1, buf, (size_t) n) < 0)
    _exit (2);
  _exit (xdrt_total_failures ? 1 : 0);
}

static void __attribute__ ((__constructor__))
xdrt_rserver_init (void)
{
  setvbuf (stdout, NULL, _IOLBF, 0);
  signal (SIGTERM, xdrt_rserver_exit);
}
#else
struct xdrt_rprog
{
  uint32_t prog, vers;
};

struct xdrt_rop
{
  uint64_t id;
  unsigned number;
  const char *name;
  unsigned prog;
  int udp_ok;			/* its messages fit UDPMSGSIZE */
  void (*call) (CLIENT *, uint64_t);
};

static int xdrt_rudp;

/* A one-way request: rpcgen's convention for a call nobody waits for,
   a zero timeout (libtirpc's datagram client sends nothing with one: a
   millisecond there).  */
static __attribute__ ((__unused__)) void
xdrt_rsend (CLIENT *cl, unsigned proc, xdrproc_t x, char *argp)
{
  struct timeval tv = { 0, xdrt_rudp ? 1000 : 0 };
  enum clnt_stat st = clnt_call (cl, proc, x, argp, (xdrproc_t) xdr_void,
				 NULL, tv);
  if (st != RPC_SUCCESS && st != RPC_TIMEDOUT)
    xdrt_fail ("one-way: %s", clnt_sperror (cl, ""));
}
#endif
)XDRT";

/* rpcgen's client's main: HOST tcp|udp.  */
extern const char idl_xdr_testgen_net_main[] = R"XDRT(
#define XDRT_NPROGS (sizeof xdrt_rprogs / sizeof xdrt_rprogs[0])
#define XDRT_NROPS (sizeof xdrt_rops / sizeof xdrt_rops[0])

int
main (int argc, char **argv)
{
  static CLIENT *cl[XDRT_NPROGS];
  static const struct timeval tv = { 25, 0 };
  unsigned long calls = 0, skipped = 0;

  if (argc != 3)
    {
      fprintf (stderr, "usage: %s HOST tcp|udp\n", argv[0]);
      return 2;
    }
  alarm (300);
  xdrt_rudp = strcmp (argv[2], "udp") == 0;
  unsigned base = xdrt_rudp ? XDRT_NET_ITERATIONS : 0;
  for (unsigned i = 0; i < XDRT_NPROGS; i++)
    {
      for (int tries = 0; !cl[i] && tries < 200; tries++)
	if (!(cl[i] = clnt_create (argv[1], xdrt_rprogs[i].prog,
				   xdrt_rprogs[i].vers, argv[2])))
	  usleep (10000);
      if (!cl[i])
	{
	  clnt_pcreateerror (argv[1]);
	  return 2;
	}
      xdrt_cur_name = "NULLPROC";
      if (clnt_call (cl[i], NULLPROC, (xdrproc_t) xdr_void, NULL,
		     (xdrproc_t) xdr_void, NULL, tv) != RPC_SUCCESS)
	xdrt_fail ("%s", clnt_sperror (cl[i], "NULLPROC"));
    }
  for (unsigned k = 0; k < XDRT_NROPS; k++)
    for (unsigned it = 0; it < XDRT_NET_ITERATIONS; it++)
      {
	const struct xdrt_rop *op = &xdrt_rops[k];
	if (xdrt_rudp && !op->udp_ok)
	  {
	    skipped++;
	    continue;
	  }
	xdrt_net_iter (base + it);
	xdrt_cur_name = op->name;
	xdrt_cur_seed = xdrt_call_seed (op->id, op->number, base + it);
	xdrt_call_failures = 0;
	op->call (cl[op->prog], xdrt_cur_seed);
	calls++;
      }
  for (unsigned i = 0; i < XDRT_NPROGS; i++)
    clnt_destroy (cl[i]);
  printf ("xdrt rpcgen client (%s): %lu calls (%lu over UDPMSGSIZE left "
	  "out), %lu failures: %s\n", argv[2], calls, skipped,
	  xdrt_total_failures, xdrt_total_failures ? "FAIL" : "PASS");
  return xdrt_total_failures ? 1 : 0;
}
)XDRT";

/* idlstub's side: "server", "client NAME".  */
extern const char idl_xdr_testgen_our_net[] = R"XDRT(
#include <pthread.h>
#include <signal.h>

static void *
xdrt_run_server (void *srv)
{
  idl_server_run ((idl_server_t *) srv);
  return NULL;
}

/* Every interface on onc+tcp:// (two workers) and onc+udp:// (a
   thread), registered with rpcbind, until SIGTERM.  */
static int
xdrt_net_server (void)
{
  static idl_server_t *srv[2 * XDRT_NIFACES];
  static pthread_t th[2 * XDRT_NIFACES];
  sigset_t stop;
  int err, sig;

  sigemptyset (&stop);
  sigaddset (&stop, SIGTERM);
  sigaddset (&stop, SIGINT);
  pthread_sigmask (SIG_BLOCK, &stop, NULL);
  xdrt_net_server_mode = 1;
  for (unsigned i = 0; i < 2 * XDRT_NIFACES; i++)
    {
      const struct xdrt_iface *fi = &xdrt_ifaces[i / 2];
      const char *name = i % 2 ? "onc+udp://" : "onc+tcp://";
      srv[i] = idl_server_create (name, fi->iface, fi->dispatch, &err);
      if (!srv[i] || idl_server_set_workers (srv[i], i % 2 ? 0 : 2) != 0
	  || pthread_create (&th[i], NULL, xdrt_run_server, srv[i]) != 0)
	{
	  printf ("FAIL: %s for %s: %s\n", name, fi->name, idl_strerror (err));
	  return 2;
	}
    }
  printf ("xdrt idlstub server: serving\n");
  fflush (stdout);
  sigwait (&stop, &sig);
  for (unsigned i = 0; i < 2 * XDRT_NIFACES; i++)
    idl_server_stop (srv[i]);
  unsigned long calls = 0;
  for (unsigned i = 0; i < 2 * XDRT_NIFACES; i++)
    {
      pthread_join (th[i], NULL);
      idl_server_destroy (srv[i]);
    }
  for (unsigned k = 0; k < XDRT_NPLANS; k++)
    calls += xdrt_served[k];
  printf ("xdrt idlstub server: %lu calls, %lu failures: %s\n", calls,
	  xdrt_total_failures, xdrt_total_failures ? "FAIL" : "PASS");
  return xdrt_total_failures ? 1 : 0;
}

/* rpcgen's client's calls, through the stubs, to NAME.  */
static int
xdrt_net_client (const char *name)
{
  static idl_binding_t *b[XDRT_NIFACES];
  unsigned long calls = 0, skipped = 0;
  int udp = strncmp (name, "onc+udp:", 8) == 0, err = 0;
  unsigned base = udp ? XDRT_NET_ITERATIONS : 0;

  for (unsigned i = 0; i < XDRT_NIFACES; i++)
    {
      /* An interface without an operation XDR can express is not in
	 the .x file: rpcgen's server does not serve it.  */
      int any = 0;
      for (unsigned k = 0; k < XDRT_NOPS; k++)
	any |= xdrt_ops[k].iface == i;
      if (!any)
	continue;
      for (int tries = 0; !b[i] && tries < 200; tries++)
	if (!(b[i] = idl_connect (name, xdrt_ifaces[i].iface, &err)))
	  usleep (10000);
      if (!b[i])
	{
	  printf ("FAIL: idl_connect (%s) for %s: %s\n", name,
		  xdrt_ifaces[i].name, idl_strerror (err));
	  return 2;
	}
      xdrt_cur_name = "idl_null";
      if (idl_null (b[i]) != IDL_OK)
	xdrt_fail ("%s", idl_strerror (idl_error (b[i])));
    }
  for (unsigned k = 0; k < XDRT_NOPS; k++)
    for (unsigned it = 0; it < XDRT_NET_ITERATIONS; it++)
      {
	const struct xdrt_op *op = &xdrt_ops[k];
	if (udp && !xdrt_udp_ok[k])
	  {
	    skipped++;
	    continue;
	  }
	xdrt_net_iter (base + it);
	xdrt_cur_op = k;
	xdrt_cur_name = op->name;
	xdrt_cur_seed = xdrt_call_seed (xdrt_ifaces[op->iface].iface->id,
					op->number, base + it);
	xdrt_call_failures = 0;
	op->call (b[op->iface], xdrt_cur_seed);
	calls++;
      }
  for (unsigned i = 0; i < XDRT_NIFACES; i++)
    if (b[i])
      idl_close (b[i]);
  printf ("xdrt idlstub client (%s): %lu calls (%lu over UDPMSGSIZE left "
	  "out), %lu failures: %s\n", name, calls, skipped,
	  xdrt_total_failures, xdrt_total_failures ? "FAIL" : "PASS");
  return xdrt_total_failures ? 1 : 0;
}

static int
xdrt_net_main (int argc, char **argv)
{
  alarm (300);
  setvbuf (stdout, NULL, _IOLBF, 0);
  if (argc == 2 && strcmp (argv[1], "server") == 0)
    return xdrt_net_server ();
  if (argc == 3 && strcmp (argv[1], "client") == 0)
    return xdrt_net_client (argv[2]);
  fprintf (stderr, "usage: %s [server | client NAME]\n", argv[0]);
  return 2;
}
)XDRT";
