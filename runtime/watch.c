/* watch.c -- a client's watcher: wakes calls whose server hung up.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A call that has spun for its reply without one sleeps on the page's
   state word (page.h).  A sleep with a timeout arms a kernel timer, and
   on one CPU, where every round trip sleeps, that timer was most of
   what a call cost over a plain futex ping-pong (issue 22).  Without
   one, something must wake the call if the server dies, which it
   cannot do itself.  That is this file: a thread, "idl-watch", with
   an epoll set of the sockets of the process's page connections, each
   registered at connect (page.c) for hang-up alone: EPOLLRDHUP,
   edge-triggered, so that a reply's descriptors, which arrive on the
   same socket, do not wake it, and a hang-up that came before the
   registration is reported at once.  When a server hangs up, the watcher

     1. sets the binding's HUP flag (sequentially consistent),
     2. replaces REQUEST in the state word with IDL_PAGE_HANGUP
        (compare-and-swap: a reply the server published before it died
        stays, and is taken),
     3. wakes whoever sleeps on the word.

   A waiter stores its sleep flag and then reads HUP before it sleeps
   (page.h, idl_page_wait), both sequentially consistent: if it reads 0,
   the watcher's step 2 comes after, so the kernel, which compares the
   word with REQUEST when the waiter goes to sleep, either finds it
   changed or has queued the waiter before step 3.  No wake-up is lost,
   and no call sleeps on a dead server, without a timer.  A wait with a
   deadline (idl_set_timeout) still sleeps with one, for the deadline.

   Robust futexes would have done without a thread, but their list lives
   in the waiter's memory and the kernel walks it at the owner's death:
   a hostile server sharing the page could not reach that list, but the
   lock word would be in the page, which it can write.  A socket's
   hang-up is the kernel's word, and cannot be forged.

   The thread runs while some connection is registered: the first
   registration starts it, with its epoll set and an eventfd to tell it
   to stop; closing the last registered connection stops it and waits
   for it (idl_unwatch).  So a process that connects, calls and closes
   is left as it was: one thread and two descriptors while it is
   connected, none before or after (a program that then forks a child
   which starts threads of its own does so from a single-threaded
   process, as ThreadSanitizer, for one, insists).  Registering at
   connect rather than at a connection's first sleep keeps the thread
   and its descriptors off the call path, and a connected process's
   descriptors and threads the same from one call to the next, however
   its calls happened to wait.  The thread blocks every signal, so that
   none meant for the program's threads lands on it.

   The watcher, its list and its epoll set belong to the process that
   made them.  A child forked by a client has no watcher thread, and
   would share its parent's epoll set: pthread_atfork gives the child a
   new generation (idl_watch_gen), so that each binding it calls through
   registers anew with a watcher of its own before it sleeps.  A binding
   the watcher cannot take (no thread, no descriptor) sleeps in slices,
   as every wait did before.  Off the call path: libc freely.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>
#include "internal.h"

/* One run of the watcher thread, from its first registration to the
   close of its last.  */
struct watcher
{
  pthread_t tid;
  int epfd;			/* the connections, and EVFD */
  int evfd;			/* written to make the thread look at STOP */
  int stop;			/* atomic: the thread is to end */
};

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t watch_once = PTHREAD_ONCE_INIT;
/* Under watch_lock: the running watcher or NULL, the bindings
   registered with it (linked through watch_next and watch_prev), and
   the next registration's id (0 is the eventfd's).  */
static struct watcher *watcher;
static idl_binding_t *watch_list;
static uint64_t watch_next_id = 1;

/* Steps 1-3 of the header for B, whose server hung up.  */
static void
hang_up (idl_binding_t *b)
{
  struct idl_page *pg = b->page;
  uint32_t request = IDL_PAGE_REQUEST;

  __atomic_store_n (&b->hup, 1, __ATOMIC_SEQ_CST);
  __atomic_compare_exchange_n (&pg->state, &request, IDL_PAGE_HANGUP, 0,
			       __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  idl_futex_wake (&pg->state, 0x7fffffff);
}

static void *
watcher_main (void *arg)
{
  struct watcher *w = arg;
  struct epoll_event ev[16];

  while (!__atomic_load_n (&w->stop, __ATOMIC_ACQUIRE))
    {
      int n = epoll_wait (w->epfd, ev, sizeof ev / sizeof ev[0], -1);
      if (n < 0)
	{
	  if (errno == EINTR)
	    continue;
	  break;		/* cannot happen with a valid set */
	}
      /* Under the lock, a registration is looked up by its id: a binding
	 closed meanwhile is not in the list any more, and its page may
	 be gone.  */
      pthread_mutex_lock (&watch_lock);
      for (int i = 0; i < n; i++)
	for (idl_binding_t *b = watch_list;
	     ev[i].data.u64 != 0 && b; b = b->watch_next)
	  if (b->watch_id == ev[i].data.u64)
	    {
	      hang_up (b);
	      break;
	    }
      pthread_mutex_unlock (&watch_lock);
    }
  return NULL;
}

/* Around a fork: the lock is held across it, so that the child finds
   the watcher and its list whole, not halfway through a registration
   or a start (whose descriptors it would then not know to close).  */
static void
before_fork (void)
{
  pthread_mutex_lock (&watch_lock);
}

static void
after_fork_parent (void)
{
  pthread_mutex_unlock (&watch_lock);
}

/* In a forked child: the parent's list, epoll set and thread are not
   ours.  The set and the eventfd are shared with the parent, so only
   our descriptors of them are closed.  */
static void
after_fork_child (void)
{
  if (watcher)
    {
      close (watcher->epfd);
      close (watcher->evfd);
      free (watcher);
    }
  watcher = NULL;
  watch_list = NULL;
  __atomic_add_fetch (&idl_watch_gen, 1, __ATOMIC_RELAXED);
  /* Held by this thread since before_fork.  */
  pthread_mutex_unlock (&watch_lock);
}

static void
install_atfork (void)
{
  pthread_atfork (before_fork, after_fork_parent, after_fork_child);
}

/* Close what W holds, its thread ended or never started.  */
static void
free_watcher (struct watcher *w)
{
  if (w->epfd >= 0)
    close (w->epfd);
  if (w->evfd >= 0)
    close (w->evfd);
  free (w);
}

/* Start the watcher if it does not run: 0 or -1.  Under the lock.  */
static int
start_watcher (void)
{
  if (watcher)
    return 0;

  struct watcher *w = calloc (1, sizeof *w);
  if (!w)
    return -1;
  w->epfd = epoll_create1 (EPOLL_CLOEXEC);
  w->evfd = eventfd (0, EFD_CLOEXEC | EFD_NONBLOCK);
  struct epoll_event ev = { EPOLLIN, { .u64 = 0 } };
  if (w->epfd < 0 || w->evfd < 0
      || epoll_ctl (w->epfd, EPOLL_CTL_ADD, w->evfd, &ev) != 0)
    {
      free_watcher (w);
      return -1;
    }

  pthread_attr_t attr;
  sigset_t all, old;
  int rc;

  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  pthread_attr_init (&attr);
  /* It needs little stack: epoll_wait and a list walk.  */
  pthread_attr_setstacksize (&attr, 64 * 1024);
  rc = pthread_create (&w->tid, &attr, watcher_main, w);
  pthread_attr_destroy (&attr);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  if (rc != 0)
    {
      free_watcher (w);
      return -1;
    }
  /* A name that says whose it is, in ps, top and gdb, and lets a
     program that counts its own threads leave it out.  */
  pthread_setname_np (w->tid, "idl-watch");
  watcher = w;
  return 0;
}

int
idl_watch (idl_binding_t *b)
{
  int rc = -1;

  pthread_once (&watch_once, install_atfork);
  pthread_mutex_lock (&watch_lock);
  if (start_watcher () == 0)
    {
      struct epoll_event ev = { EPOLLRDHUP | EPOLLET,
				{ .u64 = watch_next_id } };
      if (epoll_ctl (watcher->epfd, EPOLL_CTL_ADD, b->sock, &ev) == 0)
	{
	  b->watch_id = watch_next_id++;
	  b->watch_prev = NULL;
	  b->watch_next = watch_list;
	  if (watch_list)
	    watch_list->watch_prev = b;
	  watch_list = b;
	  b->watch_gen = idl_watch_gen;
	  rc = 0;
	}
    }
  if (rc != 0)
    b->nowatch_gen = idl_watch_gen;
  pthread_mutex_unlock (&watch_lock);
  return rc;
}

void
idl_unwatch (idl_binding_t *b)
{
  struct watcher *done = NULL;

  if (b->watch_gen != idl_watch_gen)
    return;			/* not watched by this process's watcher */
  pthread_mutex_lock (&watch_lock);
  if (b->watch_prev)
    b->watch_prev->watch_next = b->watch_next;
  else
    watch_list = b->watch_next;
  if (b->watch_next)
    b->watch_next->watch_prev = b->watch_prev;
  /* Explicitly: closing the socket would not take it out of the set
     while a forked child still holds it.  */
  epoll_ctl (watcher->epfd, EPOLL_CTL_DEL, b->sock, NULL);
  b->watch_gen = 0;
  if (!watch_list)
    {
      /* The last one: the thread ends.  A registration that comes
	 while we wait for it starts another.  */
      done = watcher;
      watcher = NULL;
    }
  pthread_mutex_unlock (&watch_lock);

  if (done)
    {
      uint64_t one = 1;
      __atomic_store_n (&done->stop, 1, __ATOMIC_RELEASE);
      if (write (done->evfd, &one, sizeof one) < 0)
	{
	  /* EAGAIN: the counter is full, so it is readable anyway.  */
	}
      pthread_join (done->tid, NULL);
      free_watcher (done);
    }
}
