/* { dg-do compile } */
/* Area: diagnostics (calls between machines)
   Purpose: an interface that asks for the network with IDL_ONC_PROGRAM
   must be expressible in XDR: a union, a bit-field, a descriptor and a
   record holding a union are errors at the parameter, with a note at
   IDL_ONC_PROGRAM; the expressible operations are not.  */

#include <idlstub.h>

IDL_INTERFACE (net, 0x20, 1);
IDL_ONC_PROGRAM (net, 0x20000123, 4); /* { dg-message "interface 'net' asks for the network here, with 'IDL_ONC_PROGRAM'" } */

union u { int i; float f; };
struct bits { unsigned a : 3; unsigned b : 5; };
struct holds { int x; union u u; };

IDL_OP (net, 1) long fine (idl_binding_t *b, long x, short y);
IDL_OP (net, 2) void un (idl_binding_t *b,
			 union u v); /* { dg-error "operation 'un' cannot cross the network: parameter 'v': 'union u' is a union, which carries no discriminant" } */
IDL_OP (net, 3) void bf (idl_binding_t *b,
			 IDL_IN const struct bits *v); /* { dg-error "operation 'bf' cannot cross the network: parameter 'v': 'struct bits' has bit-field 'a', which XDR cannot express" } */
IDL_OP (net, 4) int fd (idl_binding_t *b,
			IDL_FD int d); /* { dg-error "operation 'fd' cannot cross the network: parameter 'd': it is a descriptor" } */
IDL_OP (net, 5) void nested (idl_binding_t *b,
			     IDL_OUT struct holds *h); /* { dg-error "parameter 'h': member 'u' of 'struct holds': 'union u' is a union" } */
IDL_OP (net, 6) void strings (idl_binding_t *b,
			      IDL_STRING (10) IDL_IN const char *s,
			      IDL_OUT int *n);
