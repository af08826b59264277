/* tally-sdevent.c -- a tally.h server inside an sd-event loop
   (libsystemd), as a systemd service would have.

   Three sources: the server's descriptor (an I/O source), a timer the
   server re-arms with the timeout it asks for, and SIGTERM and SIGINT
   (sd-event's signal sources), which stop it.  One thread serves every
   client.  */

#include <signal.h>
#include <stdio.h>
#include <systemd/sd-event.h>
#include <unistd.h>
#include "tally.h"
#include "tally-impl.h"

static idl_server_t *srv;
static sd_event_source *timer;
static int stopped;

/* One turn of the server; then the timer for the next, if it wants
   one; at stop, leave the loop.  */
static void
serve (sd_event *e)
{
  int timeout;

  if (idl_server_serve_ready (srv, &timeout) < 0)
    {
      sd_event_exit (e, 0);
      return;
    }
  if (timeout < 0)
    sd_event_source_set_enabled (timer, SD_EVENT_OFF);
  else
    {
      sd_event_source_set_time_relative (timer, (uint64_t) timeout * 1000);
      sd_event_source_set_enabled (timer, SD_EVENT_ONESHOT);
    }
}

static int
on_server (sd_event_source *s, int fd, uint32_t revents, void *data)
{
  serve (sd_event_source_get_event (s));
  return 0;
}

static int
on_timer (sd_event_source *s, uint64_t usec, void *data)
{
  serve (sd_event_source_get_event (s));
  return 0;
}

static int
on_signal (sd_event_source *s, const struct signalfd_siginfo *si, void *data)
{
  stopped = 1;
  idl_server_stop (srv);
  serve (sd_event_source_get_event (s));
  return 0;
}

int
main (int argc, char **argv)
{
  const char *name = argc > 1 ? argv[1] : "@idlstub-tally";
  sd_event_source *io = NULL;
  sd_event *e = NULL;
  sigset_t sigs;
  int fd, r;

  srv = tally_server_create ("tally-sdevent", name);
  if (!srv)
    return 1;
  /* sd-event's signal sources want their signals blocked.  */
  sigemptyset (&sigs);
  sigaddset (&sigs, SIGTERM);
  sigaddset (&sigs, SIGINT);
  sigprocmask (SIG_BLOCK, &sigs, NULL);
  fd = idl_server_fd (srv);
  if (fd < 0 || (r = sd_event_new (&e)) < 0
      || (r = sd_event_add_io (e, &io, fd, EPOLLIN, on_server, NULL)) < 0
      || (r = sd_event_add_time (e, &timer, CLOCK_MONOTONIC, UINT64_MAX, 0,
				 on_timer, NULL)) < 0
      || (r = sd_event_add_signal (e, NULL, SIGTERM, on_signal, NULL)) < 0
      || (r = sd_event_add_signal (e, NULL, SIGINT, on_signal, NULL)) < 0)
    {
      fprintf (stderr, "tally-sdevent: cannot set the loop up\n");
      return 1;
    }
  printf ("tally-sdevent: pid %d serving %s\n", (int) getpid (), name);
  fflush (stdout);
  r = sd_event_loop (e);
  /* The server's descriptor leaves the loop before the server closes
     it.  */
  sd_event_source_unref (io);
  sd_event_source_unref (timer);
  sd_event_unref (e);
  idl_server_destroy (srv);
  printf ("tally-sdevent: stopped, %ld calls served\n", tally_served ());
  return r >= 0 && stopped ? 0 : 1;
}
