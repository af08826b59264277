/* { dg-do compile { target x86_64-*-* } } */
/* { dg-skip-if "-O0 keeps the constant-size copy too" { *-*-* } { "-O0" } } */
/* { dg-skip-if "no assembly" { *-*-* } { "-flto" } } */
/* { dg-skip-if "the engine copies" { *-*-* } { "-fplugin-arg-idlstub-mode=compact" } } */
/* Area: code
   Purpose: the C library functions a stub calls, strnlen for an in
   string and memcpy for a string or buffer whose size is known only at
   run time and may be over 32 bytes, are called through the GOT, not
   through a PLT stub (abi.cc, idl_libc_decl: one instruction less a
   call, as with -fno-plt); the user's own calls of the same functions
   in the same file keep the PLT, since the plugin changes only the
   stubs' calls.  */

#include <string.h>
#include <idlstub.h>

IDL_INTERFACE (np, 0x78, 1);

IDL_OP (np, 1) int np_name (idl_binding_t *b,
			    IDL_IN IDL_STRING (100) const char *s);
IDL_OP (np, 2) int np_put (idl_binding_t *b,
			   IDL_IN IDL_SIZE_IS (n, 1024) const char *v, int n);

int
call_name (idl_binding_t *b, const char *s)
{
  return np_name (b, s);
}

int
call_put (idl_binding_t *b, const char *v, int n)
{
  return np_put (b, v, n);
}

/* The user's own calls, with sizes GCC cannot bound.  */
size_t
own_calls (char *d, const char *s, size_t n)
{
  memcpy (d, s, n);
  return strnlen (s, n) + strnlen (d, n);
}

/* { dg-final { scan-assembler-times {(?n)^\s(call|jmp)\s+\*strnlen@GOTPCREL\(%rip\)} 1 } } */
/* { dg-final { scan-assembler-times {(?n)^\s(call|jmp)\s+\*memcpy@GOTPCREL\(%rip\)} 2 } } */
/* { dg-final { scan-assembler-times {(?n)^\s(call|jmp)\s+strnlen(@PLT)?$} 2 } } */
/* { dg-final { scan-assembler-times {(?n)^\s(call|jmp)\s+memcpy(@PLT)?$} 1 } } */
