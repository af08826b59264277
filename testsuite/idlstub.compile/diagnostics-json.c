/* { dg-do compile } */
/* { dg-options "-fdiagnostics-format=json" } */
/* Area: diagnostics
   Purpose: the plugin's diagnostics go through GCC's diagnostic machinery,
   so -fdiagnostics-format=json gives them as JSON like GCC's own: an
   error with its location, its note as a child, and the fix-it hint.
   GCC prints the JSON array on one line, which one dg-message matching
   the whole line (lookaheads, since GCC does not fix the key order)
   checks; line 0 because the JSON line carries no "file:line:".  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

IDL_OP (calc, 1) void f (idl_binding_t *b,
			 long *p);

/* { dg-message {(?=[^\n]*"kind": "error")(?=[^\n]*"message": "pointer parameter 'p' of an operation needs a direction")(?=[^\n]*"line": 16)(?=[^\n]*"kind": "note")(?=[^\n]*"message": "mark it 'IDL_IN')(?=[^\n]*"fixits": \[\{[^\n]*"string": "IDL_IN ")} "JSON error, note and fix-it" { target *-*-* } 0 } */
