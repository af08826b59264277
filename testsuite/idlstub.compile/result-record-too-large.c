/* { dg-do compile } */
/* Area: diagnostics
   Purpose: a record result larger than a message; one that fits alone
   but not beside an out record.  Beside an out buffer it fits since
   bulk items (issue 20): the buffer travels beside the message (this
   test asserted an error for that before).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

struct big { char data[65537]; };
struct half { char data[40000]; };

IDL_OP (calc, 1) struct big f (idl_binding_t *b); /* { dg-error {result of operation 'f': 'struct big' is larger than a message can carry \(65536 bytes\)} } */
IDL_OP (calc, 2) struct half g (idl_binding_t *b,
				IDL_OUT struct half *r); /* { dg-error "the messages of operation 'g' do not fit" "" { target *-*-* } .-1 } */
IDL_OP (calc, 4) struct half k (idl_binding_t *b, unsigned n,
				IDL_SIZE_IS (n, 40000)
				IDL_OUT unsigned char *buf); /* { dg-bogus "error" } */
IDL_OP (calc, 3) struct half h (idl_binding_t *b); /* { dg-bogus "error" } */
