/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a redeclaration that changes a string's bound or a buffer's
   count contradicts the first; it must not be ignored silently.  The C
   front end merges a redeclared prototype into the first FUNCTION_DECL
   and keeps the first declaration's PARM_DECLs: the plugin checks the
   parameters the redeclaration was written with (once an XFAIL).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_IN IDL_STRING (10) const char *s); /* { dg-message "'f' first declared here" } */
IDL_OP (calc, 1) void f (idl_binding_t *b, IDL_IN IDL_STRING (20) const char *s); /* { dg-error "parameter 's' of operation 'f' is annotated differently" "another bound for 's' is an error" } */

IDL_OP (calc, 2) void g (idl_binding_t *b, IDL_IN IDL_SIZE_IS (n, 4) const int *p, unsigned n); /* { dg-message "'g' first declared here" } */
IDL_OP (calc, 2) void g (idl_binding_t *b, IDL_IN IDL_SIZE_IS (m, 8) const int *p, unsigned m); /* { dg-error "parameter 'p' of operation 'g' is annotated differently" "another count for 'p' is an error" } */

/* Without IDL_OP, a redeclaration is still one of the operation's.  */
IDL_OP (calc, 3) void h (idl_binding_t *b, IDL_IN IDL_STRING (10) const char *s); /* { dg-message "'h' first declared here" } */
void h (idl_binding_t *b, IDL_IN IDL_STRING (11) const char *s); /* { dg-error "parameter 's' of operation 'h' is annotated differently" } */

/* The same annotations (another parameter name) are fine, and so is a
   redeclaration without any, as a prototype repeated in a .c file.  */
IDL_OP (calc, 4) void k (idl_binding_t *b, IDL_IN IDL_STRING (10) const char *s);
IDL_OP (calc, 4) void k (idl_binding_t *b, IDL_IN IDL_STRING (10) const char *t);

/* A redeclaration without the annotations its parameters need is
   checked as written too.  */
IDL_OP (calc, 5) void m (idl_binding_t *b, IDL_IN IDL_STRING (10) const char *s); /* { dg-message "'m' first declared here" } */
void m (idl_binding_t *b, const char *s); /* { dg-error "pointer parameter 's' of an operation needs a direction" } */
/* { dg-message "mark it 'IDL_IN'" "" { target *-*-* } .-1 } */
