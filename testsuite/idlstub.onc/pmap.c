/* { dg-do run } */
/* Area: ONC RPC
   Needs: rpcbind
   Purpose: an idlstub client of a service nobody here wrote: the
   system's rpcbind, as portmapper version 2 (pmap.h), over UDP and TCP,
   at its well-known port and found through itself: NULL (idl_null),
   SET, GETPORT, UNSET, GETPORT again, each result checked, and against
   what rpcinfo (another ONC client) says of the same registrations.
   Prints a transcript.  */

#include <stdarg.h>
#include <netinet/in.h>
#include "idltest.h"
#include "pmap.h"

/* rpcinfo -p's port for PROG, VERS over PROTO ("tcp", "udp"), or 0.  */
static unsigned
rpcinfo_port (unsigned prog, unsigned vers, const char *proto)
{
  char line[256], p[16];
  unsigned long pr, ve, port, found = 0;
  FILE *f = popen ("rpcinfo -p 127.0.0.1 2>/dev/null", "r");
  CHECK (f != NULL);
  while (fgets (line, sizeof line, f))
    if (sscanf (line, "%lu %lu %15s %lu", &pr, &ve, p, &port) == 4
	&& pr == prog && ve == vers && strcmp (p, proto) == 0)
      found = port;
  pclose (f);
  return (unsigned) found;
}

/* One line of the transcript: what was called, what it said.  */
static void __attribute__ ((__format__ (__printf__, 2, 3)))
line (const char *result, const char *fmt, ...)
{
  char what[64];
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (what, sizeof what, fmt, ap);
  va_end (ap);
  printf ("  %-32s -> %s\n", what, result);
}

static const char *
num (unsigned v)
{
  static char buf[4][16];
  static unsigned k;
  char *s = buf[k++ % 4];
  snprintf (s, 16, "%u", v);
  return s;
}

static void
session (const char *name)
{
  int err = 0;
  idl_binding_t *b = idl_connect (name, &pmap, &err);
  if (!b)
    fprintf (stderr, "idl_connect (%s): %s\n", name, idl_strerror (err));
  CHECK (b != NULL);
  idl_set_timeout (b, 5 * 1000 * 1000);
  printf ("%s\n", name);

  int r = idl_null (b);
  line (idl_strerror (r), "NULL");
  CHECK (r == IDL_OK);

  /* rpcbind itself, registered as 100000 v2 on 111.  */
  struct mapping self = { 100000, 2, IPPROTO_TCP, 0 };
  unsigned port = pmap_getport (b, self);
  line (num (port), "GETPORT (100000, 2, tcp)");
  CHECK (idl_error (b) == IDL_OK && port == 111);

  struct mapping m = { 0x31230000u + (unsigned) (name[4] == 'u'), 3,
		       IPPROTO_TCP, 4567 };
  _Bool ok = pmap_set (b, m);
  line (ok ? "TRUE" : "FALSE", "SET (%#x, 3, tcp, 4567)", m.prog);
  CHECK (idl_error (b) == IDL_OK && ok);
  CHECK (rpcinfo_port (m.prog, 3, "tcp") == 4567);
  /* A second one for the same program, version and protocol is
     refused.  */
  m.port = 4568;
  ok = pmap_set (b, m);
  line (ok ? "TRUE" : "FALSE", "SET (%#x, 3, tcp, 4568)", m.prog);
  CHECK (idl_error (b) == IDL_OK && !ok);
  m.port = 0;
  port = pmap_getport (b, m);
  line (num (port), "GETPORT (%#x, 3, tcp)", m.prog);
  CHECK (idl_error (b) == IDL_OK && port == 4567);
  m.prot = IPPROTO_UDP;
  port = pmap_getport (b, m);
  line (num (port), "GETPORT (%#x, 3, udp)", m.prog);
  CHECK (idl_error (b) == IDL_OK && port == 0);
  m.prot = IPPROTO_TCP;
  ok = pmap_unset (b, m);
  line (ok ? "TRUE" : "FALSE", "UNSET (%#x, 3)", m.prog);
  CHECK (idl_error (b) == IDL_OK && ok);
  port = pmap_getport (b, m);
  line (num (port), "GETPORT (%#x, 3, tcp)", m.prog);
  CHECK (idl_error (b) == IDL_OK && port == 0);
  CHECK (rpcinfo_port (m.prog, 3, "tcp") == 0);
  idl_close (b);
}

int
main (void)
{
  alarm (60);
  session ("onc+udp://127.0.0.1:111");
  session ("onc+tcp://127.0.0.1:111");
  /* Without a port: rpcbind is asked where rpcbind is.  */
  session ("onc+tcp://localhost");
  session ("onc+udp://[::1]");
  return 0;
}
