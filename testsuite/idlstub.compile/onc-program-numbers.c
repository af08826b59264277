/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: calls between machines
   Purpose: the ONC program number and version in the descriptor's
   table: IDL_ONC_PROGRAM's (its version by default the interface's), or
   0x20000000 + id mod 0x20000000 without it; procedures by operation
   number; an operation XDR cannot express is only marked when the
   interface did not ask for the network.  */

#include <idlstub.h>

IDL_INTERFACE (pmap, 0x50, 9);
IDL_ONC_PROGRAM (pmap, 100000, 2);
IDL_OP (pmap, 3) unsigned getport (idl_binding_t *b, unsigned prog,
				   unsigned vers, unsigned prot, unsigned port);

IDL_INTERFACE (dflt, 0x12345678, 7);
IDL_ONC_PROGRAM (dflt, 0x3fffffff);
IDL_OP (dflt, 1) void ping (idl_binding_t *b);

IDL_INTERFACE (rule, 0x40000010, 3);
union u { int i; float f; };
IDL_OP (rule, 2) void un (idl_binding_t *b, union u v);
IDL_OP (rule, 5) IDL_ONEWAY void note (idl_binding_t *b, int what);

const idl_interface_t *used[] = { &pmap, &dflt, &rule };

/* { dg-final { scan-ipa-dump "interface pmap: ONC program 100000 \\(0x186a0\\), version 2," "idlstub" } } */
/* { dg-final { scan-ipa-dump "interface dflt: ONC program 1073741823 \\(0x3fffffff\\), version 7," "idlstub" } } */
/* { dg-final { scan-ipa-dump "interface rule: ONC program 536870928 \\(0x20000010\\), version 3," "idlstub" } } */
/* The programs (runtime/idlrt-xdr.h): the request's two words hold four
   unsigned ints, one run of 16 XDR bytes; the reply's word 1 one.  Each
   run's codec: in fast mode the first and second pairs past the
   interface's one operation's four message codecs (xdr-codec.cc), none
   (ffffffff) in compact mode.  */
/* { dg-final { scan-ipa-dump "procedure 3\n    arguments: 2 0 7 100e 4 (2|ffffffff) 806 c06 1006 1406\n    result: 81 0 4 40e 1 (3|ffffffff) 806\n" "idlstub" } } */
/* { dg-final { scan-ipa-dump "procedure 2: not expressible in XDR\n  procedure 5, one-way\n    arguments: " "idlstub" } } */
