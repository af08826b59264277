/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a plain char pointer is a string or a buffer; without a bound
   it is an error, and the note says what to write (and how to pass one
   character) */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 IDL_IN const char *s); /* { dg-error "'char' pointer 's' needs a bound" } */
/* { dg-message "mark a string 'IDL_STRING \\(max\\)', or a buffer 'IDL_SIZE_IS \\(count, max\\)'; a single character is a 'signed char' or an 'unsigned char'" "" { target *-*-* } .-1 } */
IDL_OP (calc, 2) void g (idl_binding_t *b,
			 IDL_OUT char *s); /* { dg-error "'char' pointer 's' needs a bound" } */
/* { dg-message "mark a string 'IDL_STRING" "" { target *-*-* } .-1 } */

/* What the note suggests compiles.  */
IDL_OP (calc, 3) void h (idl_binding_t *b,
			 IDL_IN IDL_STRING (10) const char *s,
			 IDL_OUT signed char *c, IDL_IN const unsigned char *u);
