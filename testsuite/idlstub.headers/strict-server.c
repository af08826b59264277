/* Area: headers
   Purpose: a server (IDL_SERVER, its implementations and the server
   API) compiles without a warning under -Wall -Wextra -pedantic
   -Wmissing-prototypes -Werror at every C standard.  Without the
   plugin, IDL_SERVER is an error by design (idlstub.noplugin/server.c):
   then only the declarations and the server API.  The API includes
   serving from an event loop (idl_server_fd) and mapping regions.  */

#include <idlstub.h>

IDL_INTERFACE (strict, 0x5717, 3);

IDL_OP (strict, 1) long scalars (idl_binding_t *b, short s, long l);
IDL_OP (strict, 2) int strings (idl_binding_t *b,
				IDL_IN IDL_STRING (63) const char *key,
				IDL_OUT IDL_STRING (31) char *value);
IDL_OP (strict, 3) IDL_ONEWAY void note (idl_binding_t *b, int what);

/* The implementations' prototypes, for -Wmissing-prototypes.  */
long scalars_impl (idl_call_t *call, short s, long l);
int strings_impl (idl_call_t *call, const char *key, char *value);
void note_impl (idl_call_t *call, int what);
int serve (const char *name);
int serve_from_loop (idl_server_t *srv);

long
scalars_impl (idl_call_t *call, short s, long l)
{
  return s + l + (idl_call_peer_pid (call) > 0);
}

int
strings_impl (idl_call_t *call, const char *key, char *value)
{
  __SIZE_TYPE__ size = 0;
  int err = IDL_OK;
  const void *data = idl_region_map (key[0], &size, &err);
  (void) call;
  if (data && size <= IDL_REGION_MAX)
    idl_region_unmap (data, size);
  value[0] = key[0];
  value[1] = 0;
  return 0;
}

void
note_impl (idl_call_t *call, int what)
{
  if (what == 0)
    idl_server_stop (idl_call_server (call));
}

#ifdef IDLSTUB_PLUGIN_LOADED
IDL_SERVER (strict);
#endif

int
serve (const char *name)
{
  int err = IDL_OK;
  idl_dispatch_fn dispatch = 0;
  idl_server_t *srv;
#ifdef IDLSTUB_PLUGIN_LOADED
  dispatch = strict_dispatch;
#endif
  srv = idl_server_create (name, &strict, dispatch, &err);
  if (!srv)
    return err;
  if (idl_server_set_workers (srv, 1) != 0 || idl_server_run (srv) != 0)
    err = -1;
  idl_server_destroy (srv);
  return err;
}

int
serve_from_loop (idl_server_t *srv)
{
  int timeout_ms = -1;
  if (idl_server_fd (srv) < 0)
    return -1;
  while (idl_server_serve_ready (srv, &timeout_ms) >= 0)
    continue;
  return timeout_ms;
}
