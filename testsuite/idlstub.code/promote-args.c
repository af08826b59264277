/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: the server stub passes integer arguments narrower than int
   widened to int, as the C front end does where the target promotes
   prototypes (x86-64): a callee built by another compiler (Clang)
   reads such an argument's register as a whole int.  */

#include <idlstub.h>

IDL_INTERFACE (prom, 0x10, 1);

IDL_OP (prom, 1) long narrow (idl_binding_t *b, short a, long l,
			      unsigned char c, _Bool f, signed char s);

IDL_SERVER (prom);

long narrow_impl (idl_call_t *call, short a, long l, unsigned char c,
		  _Bool f, signed char s);

/* The four narrow arguments are widened right before the call, and the
   call passes the widened values.  */
/* { dg-final { scan-ipa-dump {(?n)  (D\.[0-9]+) = \(int\) D\.[0-9]+;\n(  D\.[0-9]+ = \(int\) D\.[0-9]+;\n){3}  D\.[0-9]+ = narrow_impl \(arg0, \1, D\.[0-9]+, D\.[0-9]+, D\.[0-9]+, D\.[0-9]+\);} "idlstub" { target x86_64-*-* } } } */
