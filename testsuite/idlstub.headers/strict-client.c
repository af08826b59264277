/* Area: headers
   Purpose: a client of an interface that uses every annotation, with
   the runtime's whole client API, compiles without a warning under
   -Wall -Wextra -pedantic -Wmissing-prototypes -Werror at every C
   standard; without the plugin, the same header minus the calls.  The
   event-loop calls (idl_call_start) and regions are part of that API.  */

#include <idlstub.h>

IDL_INTERFACE (strict, 0x5717, 3);
/* Named ONC programs, without and with a version (their operations
   must be expressible in XDR: no descriptors).  */
IDL_INTERFACE (strict2, 0x5718, 1);
IDL_ONC_PROGRAM (strict2, 0x20005718);
IDL_INTERFACE (strict3, 0x5719, 1);
IDL_ONC_PROGRAM (strict3, 0x20005719, 2);

struct point { int x, y; };

IDL_OP (strict, 1) long scalars (idl_binding_t *b, signed char c, short s,
				 unsigned u, long l, double d);
IDL_OP (strict, 2) IDL_FAILS_ERRNO int directions (idl_binding_t *b,
						   IDL_IN const struct point *in,
						   IDL_OUT struct point *out,
						   IDL_INOUT int *io);
IDL_OP (strict, 3) IDL_FAILS (-1) int strings (idl_binding_t *b,
				IDL_IN IDL_STRING (63) IDL_TYPICAL (8)
				  const char *key,
				IDL_OUT IDL_STRING (31) char *value);
IDL_OP (strict, 4) int buffers (idl_binding_t *b,
				IDL_IN IDL_SIZE_IS (n, 256) const int *in,
				unsigned n,
				IDL_OUT IDL_SIZE_IS (cap, 256)
				  IDL_LENGTH_IS (len) char *out,
				unsigned cap, IDL_OUT unsigned *len);
IDL_OP (strict, 5) int descriptors (idl_binding_t *b, IDL_FD int in,
				    IDL_OUT IDL_FD int *out);
IDL_OP (strict, 6) IDL_ONEWAY void note (idl_binding_t *b, int what);
IDL_OP (strict, 7) __attribute__ ((__access__ (__read_only__, 2, 3)))
  int accessed (idl_binding_t *b, IDL_MAX (64) const char *data,
		unsigned len);
IDL_OP (strict2, 1) int other (idl_binding_t *b, int x);
IDL_OP (strict3, 1) int third (idl_binding_t *b, IDL_IN IDL_STRING (15)
			       const char *s);

int use_runtime (const char *name);
static void in_loop (idl_binding_t *b, void *arg);

/* A function idl_call_start runs on a stack of its own.  */
static void
in_loop (idl_binding_t *b, void *arg)
{
  int *err = (int *) arg;
#ifdef IDLSTUB_PLUGIN_LOADED
  scalars (b, 1, 2, 3, 4, 5.0);
#endif
  *err = idl_error (b);
}

int
use_runtime (const char *name)
{
  int err = IDL_OK;
  idl_binding_t *b = idl_connect (name, &strict, &err);
  if (!b)
    return idl_strerror (err) != 0;
  idl_set_timeout (b, 1000);
  idl_set_next_timeout (b, 0);
#ifdef IDLSTUB_PLUGIN_LOADED
  {
    struct point in = { 1, 2 }, out;
    int io = 3, fd = -1;
    char value[32], buf[256];
    unsigned len = 0;
    int ints[4] = { 1, 2, 3, 4 };

    scalars (b, 1, 2, 3, 4, 5.0);
    directions (b, &in, &out, &io);
    strings (b, "key", value);
    buffers (b, ints, 4, buf, sizeof buf, &len);
    descriptors (b, 0, &fd);
    note (b, 7);
    accessed (b, "data", 4);
  }
#endif
  {
    idl_region_t *r = idl_region_new (IDL_REGION_MAX / 1024, &err);
    int loop_err = IDL_OK;
    if (r)
      {
	char *data = (char *) idl_region_data (r);
	data[idl_region_size (r) - 1] = 1;
	if (idl_region_seal (r) == IDL_OK && idl_region_fd (r) < 0)
	  err = IDL_E_INVAL;
	idl_region_free (r);
      }
    if (idl_call_start (b, in_loop, &loop_err) == 1
	&& idl_binding_fd (b) >= 0)
      while (idl_call_finish (b) == 1)
	continue;
  }
  err = idl_error (b);
  idl_close (b);
  return err;
}
