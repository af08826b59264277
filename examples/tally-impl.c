/* tally-impl.c -- the implementations of tally.h, for both event-loop
   servers (tally-epoll.c, tally-sdevent.c).  They run in the loop's
   thread, one at a time: no locks.  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "tally.h"
#include "tally-impl.h"

IDL_SERVER (tally);		/* the plugin generates tally_dispatch */

struct counter
{
  struct counter *next;
  long value;
  char key[TALLY_KEY_MAX + 1];
};

static struct counter *counters;
static long served;

static struct counter *
find (const char *key, int make)
{
  struct counter *c;

  for (c = counters; c; c = c->next)
    if (strcmp (c->key, key) == 0)
      return c;
  if (!make || !(c = calloc (1, sizeof *c)))
    return NULL;
  snprintf (c->key, sizeof c->key, "%s", key);
  c->next = counters;
  counters = c;
  return c;
}

long
tally_add_impl (idl_call_t *call, const char *key, long n)
{
  struct counter *c = find (key, 1);

  served++;
  if (!c)
    return 0;
  c->value += n;
  return c->value;
}

long
tally_get_impl (idl_call_t *call, const char *key)
{
  struct counter *c = find (key, 0);

  served++;
  return c ? c->value : 0;
}

/* "Threads:" of /proc/self/status.  */
static int
thread_count (void)
{
  FILE *f = fopen ("/proc/self/status", "r");
  char line[128];
  int n = -1;

  if (!f)
    return -1;
  while (fgets (line, sizeof line, f))
    if (sscanf (line, "Threads: %d", &n) == 1)
      break;
  fclose (f);
  return n;
}

int
tally_info_impl (idl_call_t *call, int *pid, int *threads, long *served_out)
{
  served++;
  *pid = getpid ();
  *threads = thread_count ();
  *served_out = served;
  return 0;
}

int
tally_nap_impl (idl_call_t *call, int ms)
{
  struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

  served++;
  if (ms > 0 && ms <= 10000)
    nanosleep (&ts, NULL);
  return ms;
}

int
tally_reverse_impl (idl_call_t *call, const void *in, void *out, int len)
{
  const unsigned char *i = in;
  unsigned char *o = out;

  served++;
  for (int k = 0; k < len; k++)
    o[k] = i[len - 1 - k];
  return len;
}

long
tally_served (void)
{
  return served;
}

idl_server_t *
tally_server_create (const char *prog, const char *name)
{
  int err;
  idl_server_t *srv = idl_server_create (name, &tally, tally_dispatch, &err);

  if (!srv)
    fprintf (stderr, "%s: %s: %s\n", prog, name, idl_strerror (err));
  return srv;
}
