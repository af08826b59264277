/* transport.c -- which transport a name means: the one place.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A binding's transport is chosen when it connects, a server's when it
   is created, from the name the program gives (DESIGN.md,
   "Transports"; transport.h says what a transport is):

     a name a server of this process was created with
                  co-located (colocate.c), unless IDL_COLOCATE=0 in the
                  environment: the call runs in the caller's thread
     "onc+tcp://HOST[:PORT]", "onc+udp://HOST[:PORT]"
                  ONC RPC (onc.c): another machine, or any ONC RPC
                  peer (rpcgen's), over TCP or UDP
     "/path", "@name"
                  the shared page (page.c): another process on this
                  host, through a Unix socket

   A new transport adds its names here, and nothing anywhere else
   changes (HACKING, "Adding a transport").  */

#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "transport.h"

/* The transport whose names look like NAME, or NULL.  */
static const struct idl_transport *
by_form (const char *name)
{
  if (strncmp (name, "onc+", 4) == 0)
    return &idl_onc_transport;
  /* "/path", "@name", and any other file name: a Unix socket (the page
     transport checks that it fits one).  */
  return &idl_page_transport;
}

__thread int64_t idl_handshake_wait_ns;

/* Connect B to NAME with T, which must check REQUIRE if there is one:
   a transport that cannot tell who the server is must not be trusted
   to be the one asked for (transport.h, connect).  */
static int
connect_with (const struct idl_transport *t, idl_binding_t *b,
	      const char *name, const idl_interface_t *iface,
	      const idl_connect_opts_t *require)
{
  if (require && !t->server_identity)
    return IDL_E_SERVER_ID;
  b->require = require;
  int err = t->connect (b, name, iface);
  b->require = NULL;
  if (err == IDL_OK)
    b->transport = t;
  return err;
}

int
idl_transport_connect (idl_binding_t *b, const char *name,
		       const idl_interface_t *iface,
		       const idl_connect_opts_t *require)
{
  /* A server of this process answers without a socket, unless the
     user wants the process boundary's behaviour (idlrt.h).  */
  const char *colocate = getenv ("IDL_COLOCATE");
  if (!colocate || strcmp (colocate, "0") != 0)
    {
      int err = connect_with (&idl_colocated_transport, b, name, iface,
			      require);
      if (err != IDL_DECLINED)
	return err;
    }
  const struct idl_transport *t = by_form (name);
  if (!t || !t->connect)
    return IDL_E_INVAL;
  int err = connect_with (t, b, name, iface, require);
  return err == IDL_DECLINED ? IDL_E_CONNECT : err;
}

const struct idl_transport *
idl_transport_for_server (const char *name)
{
  const struct idl_transport *t = by_form (name);
  return t && t->listen ? t : NULL;
}
