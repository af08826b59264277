/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: code
   Purpose: for a C file without annotations the plugin's pass finds no
   interface and builds no body (its dump says nothing of either).  */

long
tiny (long x)
{
  return x + 1;
}

int
main (void)
{
  return (int) tiny (41);
}

/* { dg-final { scan-ipa-dump-not "interface" "idlstub" } } */
/* { dg-final { scan-ipa-dump-not "operation" "idlstub" } } */
/* { dg-final { scan-ipa-dump-not ";; (client stub|server stub|dispatcher)" "idlstub" } } */
/* { dg-final { scan-assembler-not {idl_} } } */
