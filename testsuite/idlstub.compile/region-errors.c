/* { dg-do compile } */
/* Area: diagnostics (zero-copy handover, issue 20)
   Purpose: IDL_REGION is an IDL_IN, IDL_OUT or IDL_INOUT
   idl_region_t *: every other use is an error at the parameter naming
   the macro (a wrong type, no direction, a bound, IDL_FD too, a
   one-way operation); a region takes one of the message's 8
   descriptors, and the error for too many says so.  The valid ones
   compile (an inout one among them).  */

#include <idlstub.h>

IDL_INTERFACE (reg, 0x30, 1);

IDL_OP (reg, 1) int wrong_type (idl_binding_t *b,
				IDL_IN IDL_REGION const char *p); /* { dg-error "'IDL_REGION' parameter 'p' has type 'const char \\*'; a region is an 'idl_region_t \\*'" } */
IDL_OP (reg, 2) int by_value (idl_binding_t *b, IDL_REGION int fd); /* { dg-error "'IDL_REGION' parameter 'fd' has type 'int'" } */
IDL_OP (reg, 3) int both (idl_binding_t *b,
			  IDL_INOUT IDL_REGION idl_region_t *r); /* { dg-bogus "IDL_INOUT|IDL_REGION" } */
IDL_OP (reg, 4) int nodir (idl_binding_t *b, IDL_REGION idl_region_t *r); /* { dg-error "'IDL_REGION' parameter 'r' needs a direction" } */
/* { dg-message "mark it 'IDL_IN' \\(sealed at the call, the server reads it\\), 'IDL_OUT' \\(the server writes it in place\\) or 'IDL_INOUT' \\(the server reads it and writes it in place\\)" "" { target *-*-* } .-1 } */
IDL_OP (reg, 5) int sized (idl_binding_t *b,
			   IDL_IN IDL_REGION IDL_SIZE_IS (n, 100) idl_region_t *r, /* { dg-error "'IDL_REGION' parameter 'r' cannot have 'IDL_SIZE_IS'; a region carries its own size" } */
			   unsigned n);
IDL_OP (reg, 6) int fd_too (idl_binding_t *b,
			    IDL_IN IDL_REGION IDL_FD idl_region_t *r); /* { dg-error "'IDL_FD' parameter 'r' has type" } */
IDL_ONEWAY IDL_OP (reg, 7) void post (idl_binding_t *b,
				      IDL_IN IDL_REGION idl_region_t *r); /* { dg-error "one-way operation 'post' cannot have 'IDL_REGION' parameter 'r'" } */
IDL_OP (reg, 8) int nine (idl_binding_t *b, /* { dg-error "the messages of operation 'nine' carry 9 descriptors \\(5 of them 'IDL_REGION' parameters, one descriptor each\\); at most 8" } */
			  IDL_IN IDL_REGION idl_region_t *r1,
			  IDL_OUT IDL_REGION idl_region_t *r2,
			  IDL_IN IDL_REGION idl_region_t *r3,
			  IDL_IN IDL_REGION idl_region_t *r4,
			  IDL_OUT IDL_REGION idl_region_t *r5,
			  IDL_FD int a, IDL_FD int c, IDL_FD int d,
			  IDL_FD int e);

/* Fine: in, out and inout, beside other parameters; eight descriptors.  */
IDL_OP (reg, 9) long fine (idl_binding_t *b, IDL_IN IDL_REGION idl_region_t *in,
			   long x, IDL_OUT IDL_REGION idl_region_t *out,
			   IDL_OUT long *y,
			   IDL_INOUT IDL_REGION idl_region_t *io);
IDL_OP (reg, 10) int eight (idl_binding_t *b,
			    IDL_IN IDL_REGION idl_region_t *r1,
			    IDL_OUT IDL_REGION idl_region_t *r2,
			    IDL_IN IDL_REGION idl_region_t *r3,
			    IDL_IN IDL_REGION idl_region_t *r4,
			    IDL_FD int a, IDL_FD int c, IDL_FD int d,
			    IDL_FD int e);
