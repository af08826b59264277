/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-help" } */
/* Area: plugin options
   Purpose: -fplugin-arg-idlstub-help lists every option and compiles on.  */

int x;

/* { dg-message "-fplugin-arg-idlstub-inline=always" "" { target *-*-* } 0 } */
/* { dg-message "-fplugin-arg-idlstub-dump" "" { target *-*-* } 0 } */
/* { dg-message "-fplugin-arg-idlstub-mode=compact" "" { target *-*-* } 0 } */
/* { dg-message "-fplugin-arg-idlstub-xdr=FILE" "" { target *-*-* } 0 } */
/* { dg-prune-output "(idlstub: RPC stubs|  -fplugin-arg-idlstub-|      +layouts and generated|      +smaller code)\[^\n\]*" } */
