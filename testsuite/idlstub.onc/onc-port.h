/* onc-port.h -- a free loopback port for the ONC RPC run tests.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The tests run on a loopback of their own (in-netns, onc.exp), so any
   port free now stays free for them.  Apart from onc-test.h so that a
   test with an interface of its own can have it without onct's.  */

#ifndef ONC_PORT_H
#define ONC_PORT_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include "idltest.h"

/* A TCP (or UDP) port free now on the loopback.  */
static inline int
onct_port (int udp)
{
  struct sockaddr_in sa;
  socklen_t len = sizeof sa;
  int fd = socket (AF_INET, udp ? SOCK_DGRAM : SOCK_STREAM, 0);
  CHECK (fd >= 0);
  memset (&sa, 0, sizeof sa);
  sa.sin_family = AF_INET;
  sa.sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  CHECK (bind (fd, (struct sockaddr *) &sa, sizeof sa) == 0);
  CHECK (getsockname (fd, (struct sockaddr *) &sa, &len) == 0);
  close (fd);
  return ntohs (sa.sin_port);
}

#endif /* ONC_PORT_H */
