/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-bogus" } */
/* Area: plugin options
   Purpose: an unknown -fplugin-arg-idlstub-* key is an error that points
   to the help option, and the plugin refuses to load.  */

int x;

/* { dg-error "unknown option '-fplugin-arg-idlstub-bogus'; '-fplugin-arg-idlstub-help' lists the options" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
