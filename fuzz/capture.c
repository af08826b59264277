/* capture.c -- the seed corpus: requests real clients sent, as the
   server's runtime handed them to its dispatcher.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Linked, with -Wl,--wrap=idl_server_create, into a program the
   plugin's test generator writes for one of the fuzzed headers
   (-fplugin-arg-idlstub-testgen; plugin/testgen.cc): its clients call
   every operation with valid arguments of many sizes, over real
   connections to forked servers.  The wrapper gives each server a
   dispatcher that first writes the request it is given into the
   directory $IDLSTUB_FUZZ_SEEDS, in the harness's input format
   (harness.c), and then dispatches it as usual, so the program runs
   and checks itself exactly as it would without us.  fuzz/Makefile.am
   does this at build time; libFuzzer starts from those files.  */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "idlrt.h"

/* Most requests kept per operation: enough for a few sizes of each
   string and buffer, few enough that the corpus loads in a moment.  */
#define PER_OP 4

#define MAX_SERVERS 8
static struct
{
  uint32_t id;
  idl_dispatch_fn dispatch;
  unsigned kept[IDL_MAX_OPNUM + 1];
} servers[MAX_SERVERS];
static unsigned nservers;

idl_server_t *__real_idl_server_create (const char *name,
					const idl_interface_t *iface,
					idl_dispatch_fn dispatch, int *err);

static void
save (uint64_t *msg, unsigned *kept)
{
  const char *dir = getenv ("IDLSTUB_FUZZ_SEEDS");
  uint64_t tag = msg[0];
  unsigned n = tag & IDL_TAG_COUNT_MASK;
  uint64_t len = msg[IDL_MSG_REQ_LEN];
  unsigned char head[9];
  char path[4096];
  FILE *f;

  if (!dir || *kept >= PER_OP)
    return;
  for (int i = 0; i < 8; i++)
    head[i] = (unsigned char) (tag >> (8 * i));
  head[8] = (unsigned char) msg[IDL_MSG_REQ_NFDS];
  snprintf (path, sizeof path, "%s/%08x-%04x-%u", dir,
	    (unsigned) (tag >> IDL_TAG_IFACE_SHIFT),
	    (unsigned) (tag >> IDL_TAG_OP_SHIFT) & IDL_TAG_OP_MASK, *kept);
  f = fopen (path, "wb");
  if (!f)
    {
      perror (path);
      exit (1);
    }
  /* The words, little-endian as on x86-64, then the payload.  */
  if (fwrite (head, 1, sizeof head, f) != sizeof head
      || fwrite (msg + 1, 8, n, f) != n
      || fwrite ((uint8_t *) msg + IDL_MSG_REQ_PAYLOAD, 1, len, f) != len
      || fclose (f) != 0)
    {
      perror (path);
      exit (1);
    }
  ++*kept;
}

static uint64_t
record_dispatch (idl_call_t *call, uint64_t *msg)
{
  uint32_t id = (uint32_t) (msg[0] >> IDL_TAG_IFACE_SHIFT);

  for (unsigned i = 0; i < nservers; i++)
    if (servers[i].id == id)
      {
	save (msg, &servers[i].kept[(msg[0] >> IDL_TAG_OP_SHIFT)
				    & IDL_TAG_OP_MASK]);
	return servers[i].dispatch (call, msg);
      }
  abort ();			/* the runtime checked the interface */
}

idl_server_t *
__wrap_idl_server_create (const char *name, const idl_interface_t *iface,
			  idl_dispatch_fn dispatch, int *err)
{
  if (nservers == MAX_SERVERS)
    abort ();
  servers[nservers].id = iface->id;
  servers[nservers].dispatch = dispatch;
  nservers++;
  return __real_idl_server_create (name, iface, record_dispatch, err);
}
