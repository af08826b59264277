/* { dg-do compile } */
/* { dg-options "-fplugin-arg-idlstub-dump" } */
/* Area: calls between machines
   Purpose: fast mode compiles each run of fixed-size XDR elements into
   an encoder and a decoder of its own (plugin/xdr-codec.cc), numbered
   in the run's program: byte swaps straight between the message and
   the stream's buffer, a fixed array of more than four elements a loop,
   a fixed opaque a block copy and its zero padding; a run holding an
   implied count (procedure 3's) has no codec of its own.  Run codecs
   are numbered past the four slots per operation of the messages'
   codecs (plugin/xdr-msg-codec.cc), which every message here has,
   procedure 3's buffer and implied count included.  */

#include <idlstub.h>

IDL_INTERFACE (codecs, 0x5c, 1);
struct rec { short s[40]; char name[5]; double d; _Bool ok; };
IDL_OP (codecs, 1) long tiny (idl_binding_t *b, long a);
IDL_OP (codecs, 2) int rec (idl_binding_t *b, struct rec r);
IDL_OP (codecs, 3) void buf (idl_binding_t *b, unsigned n,
			     IDL_IN IDL_SIZE_IS (n, 64) const int *v);

const idl_interface_t *used = &codecs;

/* The runs' codec words: 6 to 9 (past 3 operations' 4 slots, in
   pairs), none (ffffffff) for the implied count's.  */
/* { dg-final { scan-ipa-dump "procedure 1\n    arguments: 1 0 4 80e 1 6 807\n    result: 81 0 4 80e 1 7 807\n" "idlstub" } } */
/* { dg-final { scan-ipa-dump "procedure 2\n    arguments: 0 68 b b40e 8 8 280d 2 1 23 502c 5 582b 6029\n    result: 81 0 4 40e 1 9 805\n" "idlstub" } } */
/* { dg-final { scan-ipa-dump "procedure 3\n    arguments: 10100 0 c 40e 1 ffffffff 846 " "idlstub" } } */
/* { dg-final { scan-ipa-dump-times ";; XDR encoder of a run of codecs" 4 "idlstub" } } */
/* { dg-final { scan-ipa-dump-times ";; XDR decoder of a run of codecs" 4 "idlstub" } } */
/* Every message's codecs: 3 operations' requests and results.  */
/* { dg-final { scan-ipa-dump-times ";; XDR message encoder of codecs" 6 "idlstub" } } */
/* { dg-final { scan-ipa-dump-times ";; XDR message decoder of codecs" 6 "idlstub" } } */
/* The record's shorts: a loop of 40, each sign-extended and swapped.  */
/* { dg-final { scan-ipa-dump "if \\(k\\.\[0-9\]+ < 40\\)" "idlstub" } } */
/* { dg-final { scan-ipa-dump "= \\(int\\) D\\.\[0-9\]+;\n  D\\.\[0-9\]+ = \\(unsigned int\\) D\\.\[0-9\]+;\n  D\\.\[0-9\]+ = __builtin_bswap32" "idlstub" } } */
/* Its name: 5 bytes and 3 of padding, zero.  */
/* { dg-final { scan-ipa-dump "MEM <unsigned char\\\[5\\\]> \\\[\\(char \\* {ref-all}\\)arg0 \\+ 160B\\\] = " "idlstub" } } */
/* { dg-final { scan-ipa-dump "arg0 \\+ 167B\\\] = 0;" "idlstub" } } */
/* Its double and the results' longs: 64-bit swaps.  */
/* { dg-final { scan-ipa-dump "__builtin_bswap64" "idlstub" } } */
/* Its _Bool: any non-zero XDR bool decodes as 1.  */
/* { dg-final { scan-ipa-dump "= D\\.\[0-9\]+ != 0;" "idlstub" } } */
