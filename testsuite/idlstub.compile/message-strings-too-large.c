/* { dg-do compile } */
/* Area: diagnostics
   Purpose: strings and buffers whose bounds together exceed the page's
   65536-byte payload make a bulk operation (issue 20): the largest
   travels beside the message, the smaller one stays in the page.  (Such
   an operation was an error before bulk items.)  Records, which never
   travel as bulk items, that together exceed the payload still do not
   fit.  (Which items become bulk ones: idlstub.code/dump-bulk-choice.c.)  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN IDL_STRING (40000) const char *s,
			 IDL_IN IDL_STRING (30000) const char *t);
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_IN IDL_STRING (30000) const char *s,
			 IDL_IN IDL_SIZE_IS (n, 40000) const unsigned char *t,
			 unsigned n);

/* Two halves fit.  */
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 IDL_IN IDL_STRING (30000) const char *s,
			 IDL_IN IDL_SIZE_IS (n, 30000) const unsigned char *t,
			 unsigned n);

struct rec { char c[40000]; };
IDL_OP (calc, 4) void k (idl_binding_t *b, /* { dg-error "the messages of operation 'k' do not fit in 63 message words and 65536 bytes of payload" } */
			 IDL_IN const struct rec *r1,
			 IDL_IN const struct rec *r2);
