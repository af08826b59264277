/* { dg-do run } */
/* Area: runtime
   Purpose: idl_connect fails with IDL_E_CONNECT when nobody listens and
   IDL_E_IFACE on another id, version or signature; filesystem names.  */

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <pthread.h>
#include "rt-common.h"

static int
connect_error (const char *name, const idl_interface_t *iface)
{
  int err = -1;
  idl_binding_t *b = idl_connect (name, iface, &err);
  if (b)
    {
      idl_close (b);
      return IDL_OK;
    }
  CHECK (err != IDL_OK);
  return err;
}

static void *
run_server (void *srv)
{
  CHECK (idl_server_run (srv) == 0);
  return NULL;
}

int
main (void)
{
  const char *name = idltest_name ("connect");
  char path[108];
  idl_interface_t other;
  int err;

  /* Nobody listens: abstract and filesystem names.  */
  CHECK (connect_error (name, &rt_iface) == IDL_E_CONNECT);
  CHECK (connect_error ("/nonexistent/idltest.sock", &rt_iface)
	 == IDL_E_CONNECT);
  CHECK (connect_error ("", &rt_iface) == IDL_E_INVAL);
  /* A NULL ERR is allowed.  */
  CHECK (idl_connect (name, &rt_iface, NULL) == NULL);

  pid_t srv = rt_fork_server (name, rt_dispatch);
  CHECK (connect_error (name, &rt_iface) == IDL_OK);

  other = rt_iface;
  other.id++;
  CHECK (connect_error (name, &other) == IDL_E_IFACE);
  other = rt_iface;
  other.version++;
  CHECK (connect_error (name, &other) == IDL_E_IFACE);
  other = rt_iface;
  other.signature ^= 1;
  CHECK (connect_error (name, &other) == IDL_E_IFACE);
  /* An interface is its name too (issue 17).  */
  other = rt_iface;
  other.name = "a different name only";
  CHECK (connect_error (name, &other) == IDL_E_IFACE);

  /* Refused connections cost the server nothing: it still serves.  */
  idl_binding_t *b = idltest_connect (name, &rt_iface);
  CHECK (idl_call_r4 (b, rt_tag (RT_ADD, 2), 2, 2, 0, 0) == rt_tag (RT_ADD, 1));
  CHECK (rt_mr (b)[1] == 4);
  idl_close (b);
  rt_stop_server (srv);

  /* Once the server is gone, its name refuses again.  */
  CHECK (connect_error (name, &rt_iface) == IDL_E_CONNECT);

  /* A filesystem name, served in this process: created by
     idl_server_create, usable, removed by idl_server_destroy.  */
  snprintf (path, sizeof path, "/tmp/idltest-connect-%ld.sock",
	    (long) getpid ());
  unlink (path);
  idl_server_t *s = idl_server_create (path, &rt_iface, rt_dispatch, &err);
  CHECK (s && err == IDL_OK);
  struct stat st;
  CHECK (stat (path, &st) == 0 && S_ISSOCK (st.st_mode));
  /* The name is taken while a server listens on it.  */
  CHECK (idl_server_create (path, &rt_iface, rt_dispatch, &err) == NULL);
  CHECK (err == IDL_E_CONNECT);
  pthread_t t;
  CHECK (pthread_create (&t, NULL, run_server, s) == 0);
  /* Through the socket file, not co-located (colocated.c).  */
  CHECK (setenv ("IDL_COLOCATE", "0", 1) == 0);
  b = idltest_connect (path, &rt_iface);
  CHECK (unsetenv ("IDL_COLOCATE") == 0);
  CHECK (idl_call_r4 (b, rt_tag (RT_PEER, 0), 0, 0, 0, 0)
	 == rt_tag (RT_PEER, 1));
  CHECK (rt_mr (b)[1] == (uint64_t) getpid ());
  idl_close (b);
  idl_server_stop (s);
  CHECK (pthread_join (t, NULL) == 0);
  idl_server_destroy (s);
  CHECK (stat (path, &st) != 0 && errno == ENOENT);

  /* A socket file left by a server that died is reused.  */
  int fd = socket (AF_UNIX, SOCK_SEQPACKET, 0);
  struct sockaddr_un sa = { AF_UNIX, "" };
  CHECK (fd >= 0);
  strcpy (sa.sun_path, path);
  CHECK (bind (fd, (struct sockaddr *) &sa, sizeof sa) == 0);
  close (fd);			/* the file stays, nobody listens */
  CHECK (stat (path, &st) == 0);
  s = idl_server_create (path, &rt_iface, rt_dispatch, &err);
  CHECK (s != NULL);
  idl_server_destroy (s);
  CHECK (stat (path, &st) != 0);

  /* Bad arguments.  */
  CHECK (idl_server_create (NULL, &rt_iface, rt_dispatch, &err) == NULL);
  CHECK (err == IDL_E_INVAL);
  CHECK (idl_server_create ("@x", &rt_iface, NULL, &err) == NULL);
  CHECK (err == IDL_E_INVAL);

  /* Every code has its own message.  */
  for (int i = IDL_OK; i <= IDL_E_INVAL; i++)
    for (int j = i + 1; j <= IDL_E_INVAL; j++)
      CHECK (strcmp (idl_strerror (i), idl_strerror (j)) != 0);
  CHECK (idl_strerror (12345) != NULL);
  return 0;
}
