/* { dg-do compile } */
/* Area: diagnostics (large buffers, issue 20; calls between machines)
   Purpose: ONC RPC does not carry bulk items: an interface that asks
   for the network is told at the operation, before or after
   IDL_ONC_PROGRAM; an interface that does not ask gets no error (its
   ONC table marks the operation unsupported, refused at call time).  */

#include <idlstub.h>

IDL_INTERFACE (net, 0x21, 1);
IDL_INTERFACE (local, 0x22, 1);

IDL_OP (net, 1) void before (idl_binding_t *b, /* { dg-error "operation 'before' cannot cross the network: it carries strings or buffers larger than a message's page \\(a bulk operation\\), which ONC RPC does not carry" } */
			     IDL_IN IDL_STRING (100000) const char *s);
IDL_OP (net, 2) long fine (idl_binding_t *b, long x);

IDL_ONC_PROGRAM (net, 0x20000125); /* { dg-message "asks for the network here" } */

IDL_OP (net, 3) void after (idl_binding_t *b, /* { dg-error "operation 'after' cannot cross the network" } */
			    IDL_OUT IDL_SIZE_IS (n, 1 << 24) unsigned char *p,
			    unsigned n);

IDL_OP (local, 1) void big (idl_binding_t *b,
			    IDL_IN IDL_STRING (100000) const char *s);
