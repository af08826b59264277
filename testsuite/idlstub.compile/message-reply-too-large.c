/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a reply whose out buffer and out string together exceed the
   page's 65536 bytes makes a bulk operation (issue 20), the buffer, the
   larger, travelling as a bulk item (an error before bulk items); out
   records that together exceed it still do not fit.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_OUT IDL_SIZE_IS (n, 40000) unsigned char *p,
			 IDL_OUT IDL_STRING (30000) char *s,
			 unsigned n);

struct rec { char c[40000]; };
IDL_OP (calc, 2) void g (idl_binding_t *b, /* { dg-error "the messages of operation 'g' do not fit" } */
			 IDL_OUT struct rec *r1,
			 IDL_OUT struct rec *r2);
