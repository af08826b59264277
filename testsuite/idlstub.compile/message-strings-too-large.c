/* { dg-do compile } */
/* Area: diagnostics
   Purpose: each string fits a message, but together the bounds of the
   request exceed its 65536-byte payload */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b, /* { dg-error "the messages of operation 'f' do not fit in 63 message words and 65536 bytes of payload" } */
			 IDL_IN IDL_STRING (40000) const char *s,
			 IDL_IN IDL_STRING (30000) const char *t);
IDL_OP (calc, 2) void g (idl_binding_t *b, /* { dg-error "the messages of operation 'g' do not fit" } */
			 IDL_IN IDL_STRING (40000) const char *s,
			 IDL_IN IDL_SIZE_IS (n, 30000) const unsigned char *t,
			 unsigned n);

/* Two halves fit.  */
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 IDL_IN IDL_STRING (30000) const char *s,
			 IDL_IN IDL_SIZE_IS (n, 30000) const unsigned char *t,
			 unsigned n);
