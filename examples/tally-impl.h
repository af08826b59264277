/* tally-impl.h -- what the event-loop servers share (tally-impl.c).  */

#ifndef TALLY_IMPL_H
#define TALLY_IMPL_H

#include <idlstub.h>

/* A server of tally.h called NAME, or NULL after a message on standard
   error naming PROG.  */
idl_server_t *tally_server_create (const char *prog, const char *name);

/* How many calls the implementations have served.  */
long tally_served (void);

#endif /* TALLY_IMPL_H */
