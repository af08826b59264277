/* tally.h -- the event-loop examples' interface: named counters.

   A daemon that already has a main loop serves it from there
   (tally-epoll.c on plain epoll, tally-sdevent.c on sd-event; the
   implementations are in tally-impl.c), and tally-client.c calls it
   both ways: with ordinary calls, and from its own epoll loop with
   calls that do not block (idl_call_start).  */

#ifndef TALLY_H
#define TALLY_H

#include <idlstub.h>

IDL_INTERFACE (tally, 0x30, 1);

#define TALLY_KEY_MAX 64
#define TALLY_DATA_MAX 4096

/* Add N to the counter KEY (made at 0 on first use); returns its new
   value.  */
IDL_OP (tally, 1) long tally_add (idl_binding_t *b,
				  IDL_IN IDL_STRING (TALLY_KEY_MAX)
				    const char *key,
				  long n);

/* The counter KEY, or 0.  */
IDL_OP (tally, 2) long tally_get (idl_binding_t *b,
				  IDL_IN IDL_STRING (TALLY_KEY_MAX)
				    const char *key);

/* About the server: its pid, how many threads its process has, and how
   many calls it has served.  */
IDL_OP (tally, 3) int tally_info (idl_binding_t *b, IDL_OUT int *pid,
				  IDL_OUT int *threads,
				  IDL_OUT long *served);

/* Work that takes time: the implementation sleeps MS milliseconds
   (every other client of a one-thread server waits meanwhile: that is
   the implementation's time, not a client's).  Returns MS.  */
IDL_OP (tally, 4) int tally_nap (idl_binding_t *b, int ms);

/* LEN bytes in, the same bytes reversed out.  Returns LEN.  */
IDL_OP (tally, 5) int tally_reverse (idl_binding_t *b,
				     IDL_IN IDL_SIZE_IS (len, TALLY_DATA_MAX)
				       const void *in,
				     IDL_OUT IDL_SIZE_IS (len, TALLY_DATA_MAX)
				       void *out,
				     int len);

#endif /* TALLY_H */
