/* Area: headers
   Purpose: <idlrt.h> alone, the runtime's API without the annotations
   (what a file that only links with idlstub code includes), compiles
   without a warning at every C standard.  */

#include <idlrt.h>

const char *describe (const idl_binding_t *b);

const char *
describe (const idl_binding_t *b)
{
  return idl_strerror (idl_error (b));
}
