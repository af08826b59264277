/* calc.h -- the example interface: this header is the whole interface
   definition.  Client and server include it; gcc -fplugin=idlstub
   generates the stubs from it.  */

#ifndef CALC_H
#define CALC_H

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

/* IDL4's benchmark operations (paper 000, 6.4).  */
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
IDL_OP (calc, 2) long small (idl_binding_t *b, short a, long c, short d);
IDL_OP (calc, 3) long large (idl_binding_t *b, long a, long c, long d,
			     long e, long f, long g);

/* Values in every direction.  */
IDL_OP (calc, 4) double divide (idl_binding_t *b, double num, double den,
				IDL_OUT long *quotient, IDL_INOUT int *calls);
/* A process id; -1, which no process has, if the call failed.  */
IDL_OP (calc, 5) IDL_FAILS (-1) int whoami (idl_binding_t *b);

/* No reply: the client does not wait.  */
IDL_OP (calc, 6) IDL_ONEWAY void log_value (idl_binding_t *b, long value);
IDL_OP (calc, 7) long last_logged (idl_binding_t *b);

#endif /* CALC_H */
