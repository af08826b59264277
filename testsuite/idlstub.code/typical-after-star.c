/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: IDL_TYPICAL written after the '*' of a string or buffer
   parameter, named or not, is kept (GCC applies a declaration's
   attribute written there to the declaration): the dump says so for
   strings too, which it did not.  One above the bound is a mistake that
   leaves the code right: a warning.  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void s1 (idl_binding_t *b, IDL_IN IDL_STRING (10) const char * IDL_TYPICAL (4) s);
IDL_OP (calc, 2) void s2 (idl_binding_t *b, IDL_IN IDL_STRING (11) const char * IDL_TYPICAL (5));
IDL_OP (calc, 3) void b1 (idl_binding_t *b, int n, IDL_IN IDL_SIZE_IS (n, 12) const int * IDL_TYPICAL (6) p);
IDL_OP (calc, 4) void b2 (idl_binding_t *b, int n, IDL_IN IDL_SIZE_IS (n, 13) const int * IDL_TYPICAL (7));
IDL_OP (calc, 5) void b3 (idl_binding_t *b, int n, IDL_IN IDL_SIZE_IS (n, 14) const int (* IDL_TYPICAL (8) p));
IDL_OP (calc, 6) void over (idl_binding_t *b, int n, IDL_IN IDL_SIZE_IS (n, 10) const int * IDL_TYPICAL (40) p); /* { dg-warning "'IDL_TYPICAL \\(40\\)' of 'p' is more than its bound, 10" } */

void
use (idl_binding_t *b)
{
  s1 (b, "a");
  s2 (b, "b");
  b1 (b, 0, 0);
  b2 (b, 0, 0);
  b3 (b, 0, 0);
  over (b, 0, 0);
}

/* { dg-final { scan-ipa-dump "s, a string of at most 10 chars and its NUL, ending the payload, typically 4" } } */
/* { dg-final { scan-ipa-dump "<unnamed>, a string of at most 11 chars and its NUL, ending the payload, typically 5" } } */
/* { dg-final { scan-ipa-dump "p, n elements of 4 bytes, at most 12, typically 6" } } */
/* { dg-final { scan-ipa-dump "<unnamed>, n elements of 4 bytes, at most 13, typically 7" } } */
/* { dg-final { scan-ipa-dump "p, n elements of 4 bytes, at most 14, typically 8" } } */
