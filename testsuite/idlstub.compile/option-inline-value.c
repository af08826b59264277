/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-inline=sometimes" } */
/* Area: plugin options
   Purpose: -fplugin-arg-idlstub-inline takes auto or always only.  */

int x;

/* { dg-error "'-fplugin-arg-idlstub-inline' takes 'auto' or 'always', not 'sometimes'" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
