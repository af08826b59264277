/* { dg-do compile } */
/* Area: diagnostics
   Purpose: an interface descriptor written with the raw attribute and
   no initializer, or thread-local, is an error: the plugin fills in
   the initializer, and without one every call failed at run time with
   "malformed request".  */

#include <idlstub.h>

static const idl_interface_t calc __attribute__ ((__idl_interface__ (0x10, 1))); /* { dg-error "interface descriptor 'calc' has no initializer; define it with 'IDL_INTERFACE \\(name, id, version\\)'" } */
extern const idl_interface_t ext __attribute__ ((__idl_interface__ (0x11, 1))); /* { dg-error "interface descriptor 'ext' has no initializer" } */
__thread idl_interface_t tls __attribute__ ((__idl_interface__ (0x12, 1))) = { "tls" }; /* { dg-error "interface descriptor 'tls' is thread-local" } */

IDL_OP (calc, 1) long f (idl_binding_t *b, long x);
IDL_OP (tls, 1) long g (idl_binding_t *b, long x);

/* With an initializer it is one, if not a tidy one.  */
static const idl_interface_t raw __attribute__ ((__idl_interface__ (0x13, 1))) = { "raw" };
IDL_OP (raw, 1) long h (idl_binding_t *b, long x);
