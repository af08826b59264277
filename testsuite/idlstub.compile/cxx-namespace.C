/* { dg-do compile } */
/* Area: diagnostics, C++
   Purpose: an operation in a namespace or a class is an error at the
   annotation: its stub and implementation would be looked for under
   names the plugin does not use (issue 19, item 6).  */

#include <idlstub.h>

IDL_INTERFACE (calc, 0x10, 1);

namespace ns
{
  IDL_OP (calc, 1) long inns (idl_binding_t *b, long x); /* { dg-error {operation '[^']*inns[^']*' is declared in a namespace} } */
}

struct s
{
  IDL_OP (calc, 2) static long member (idl_binding_t *b, long x); /* { dg-error {operation '[^']*member[^']*' is a member of 's'} } */
};
