/* watch.c -- a client's watcher: wakes calls whose server hung up.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A call that has spun for its reply without one sleeps on the page's
   state word (page.h).  A sleep with a timeout arms a kernel timer, and
   on one CPU, where every round trip sleeps, that timer was most of
   what a call cost over a plain futex ping-pong (issue 22).  Without
   one, something must wake the call if the server dies, which it
   cannot do itself.  That is this file: one thread per process,
   started when the process first connects over a page, with an epoll
   set of the sockets of its page connections (page.c registers each at
   connect), each for hang-up alone (EPOLLRDHUP, edge-triggered: a
   reply's descriptors, which arrive on the same socket, do not wake
   it; a hang-up that came before the registration is reported at
   once).  When a server hangs up, the watcher

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

   The watcher's list and epoll set belong to the process that made
   them.  A child forked by a client has no watcher thread, and shares
   its parent's epoll set: pthread_atfork gives the child a new
   generation, so that each binding it calls through registers anew
   with a watcher of its own before it sleeps (call.c; a child may not
   start threads in the fork handler itself).  A binding the watcher
   cannot take (no thread, no descriptor) sleeps in slices, as every
   wait did before.  The thread and its descriptor live until the
   process ends, one each however many bindings come and go; the thread
   blocks every signal, so that none meant for the program's threads
   lands on it.  Off the call path: libc freely.  */

#define _GNU_SOURCE 1
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <sys/epoll.h>
#include <unistd.h>
#include "internal.h"

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t watch_once = PTHREAD_ONCE_INIT;
/* Under watch_lock: the epoll set (-1 until the first registration),
   whether its thread runs, the bindings registered (linked through
   watch_next and watch_prev), and the next registration's id.  */
static int watch_epfd = -1;
static int watch_running;
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
  int epfd = (int) (intptr_t) arg;
  struct epoll_event ev[16];

  for (;;)
    {
      int n = epoll_wait (epfd, ev, sizeof ev / sizeof ev[0], -1);
      if (n < 0)
	{
	  if (errno == EINTR)
	    continue;
	  return NULL;		/* cannot happen with a valid set */
	}
      /* Under the lock, the registration is looked up by its id: a
	 binding closed meanwhile is not in the list any more, and its
	 page may be gone.  */
      pthread_mutex_lock (&watch_lock);
      for (int i = 0; i < n; i++)
	for (idl_binding_t *b = watch_list; b; b = b->watch_next)
	  if (b->watch_id == ev[i].data.u64)
	    {
	      hang_up (b);
	      break;
	    }
      pthread_mutex_unlock (&watch_lock);
    }
}

/* In a forked child: the parent's list, epoll set and thread are not
   ours.  The set is shared with the parent, so only our descriptor of
   it is closed.  */
static void
after_fork_child (void)
{
  pthread_mutex_init (&watch_lock, NULL);
  if (watch_epfd >= 0)
    close (watch_epfd);
  watch_epfd = -1;
  watch_running = 0;
  watch_list = NULL;
  __atomic_add_fetch (&idl_watch_gen, 1, __ATOMIC_RELAXED);
}

static void
install_atfork (void)
{
  pthread_atfork (NULL, NULL, after_fork_child);
}

/* Start the watcher if it does not run: 0 or -1.  Under the lock.  */
static int
start_watcher (void)
{
  if (watch_running)
    return 0;
  if (watch_epfd < 0)
    watch_epfd = epoll_create1 (EPOLL_CLOEXEC);
  if (watch_epfd < 0)
    return -1;

  pthread_attr_t attr;
  pthread_t tid;
  sigset_t all, old;
  int rc;

  sigfillset (&all);
  pthread_sigmask (SIG_SETMASK, &all, &old);
  pthread_attr_init (&attr);
  pthread_attr_setdetachstate (&attr, PTHREAD_CREATE_DETACHED);
  /* It needs little stack: epoll_wait and a list walk.  */
  pthread_attr_setstacksize (&attr, 64 * 1024);
  rc = pthread_create (&tid, &attr, watcher_main,
		       (void *) (intptr_t) watch_epfd);
  pthread_attr_destroy (&attr);
  pthread_sigmask (SIG_SETMASK, &old, NULL);
  if (rc != 0)
    return -1;
  /* A name that says whose it is, in ps, top and gdb, and lets a
     program that counts its own threads leave it out.  */
  pthread_setname_np (tid, "idl-watch");
  watch_running = 1;
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
      /* A hang-up that happened before is reported at once.  */
      struct epoll_event ev = { EPOLLRDHUP | EPOLLET,
				{ .u64 = watch_next_id } };
      if (epoll_ctl (watch_epfd, EPOLL_CTL_ADD, b->sock, &ev) == 0)
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
  epoll_ctl (watch_epfd, EPOLL_CTL_DEL, b->sock, NULL);
  b->watch_gen = 0;
  pthread_mutex_unlock (&watch_lock);
}
