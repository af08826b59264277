/* { dg-do compile } */
/* Area: diagnostics
   Purpose: every scalar type in every direction is accepted without diagnostics */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

enum color { RED = -1, GREEN, BLUE };
IDL_OP (calc, 1) signed char f1 (idl_binding_t *b, signed char a, unsigned char c, char d);
IDL_OP (calc, 2) unsigned short f2 (idl_binding_t *b, short a, unsigned short c);
IDL_OP (calc, 3) int f3 (idl_binding_t *b, int a, unsigned c, long d, unsigned long e);
IDL_OP (calc, 4) long long f4 (idl_binding_t *b, long long a, unsigned long long c);
IDL_OP (calc, 5) _Bool f5 (idl_binding_t *b, _Bool a, enum color c);
IDL_OP (calc, 6) double f6 (idl_binding_t *b, float a, double c);
IDL_OP (calc, 7) void f7 (idl_binding_t *b, IDL_IN const int *a, IDL_OUT float *o, IDL_INOUT enum color *io);
IDL_OP (calc, 8) IDL_ONEWAY void f8 (idl_binding_t *b, unsigned char c);
