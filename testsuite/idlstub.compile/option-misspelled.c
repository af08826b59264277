/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-mdoe=compact" } */
/* Area: plugin options
   Purpose: an unknown -fplugin-arg-idlstub-* key close to a known one
   gets GCC's spelling suggestion (issue 19, item 8).  */

int x;

/* { dg-error "unknown option '-fplugin-arg-idlstub-mdoe'; did you mean '-fplugin-arg-idlstub-mode'\\?" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
