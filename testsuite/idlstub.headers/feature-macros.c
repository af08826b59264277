/* Area: headers
   Purpose: <idlstub.h> includes no header of the C library, so a file
   that includes it first still chooses its own feature-test macros:
   _GNU_SOURCE and _FILE_OFFSET_BITS defined after it take effect (with
   a C library header included first, glibc's <features.h> would have
   read them already, and fopen would not become fopen64).  */

#include <idlstub.h>

#ifdef _FEATURES_H
# error "<idlstub.h> included a header of the C library"
#endif

#define _GNU_SOURCE 1
#define _FILE_OFFSET_BITS 64
#include <stdio.h>
#include <string.h>

#if !defined __USE_GNU || !defined __USE_FILE_OFFSET64
# error "_GNU_SOURCE or _FILE_OFFSET_BITS, defined after <idlstub.h>, had no effect"
#endif

IDL_INTERFACE (calc, 0x10, 1);
IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);

const char *gnu_only (const char *s);

/* strchrnul is declared only under _GNU_SOURCE.  */
const char *
gnu_only (const char *s)
{
  return strchrnul (s, 'x');
}
