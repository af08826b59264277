/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump=all" } */
/* Area: plugin options
   Purpose: -fplugin-arg-idlstub-dump is a switch without a value.  */

int x;

/* { dg-error "'-fplugin-arg-idlstub-dump' takes no value" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
