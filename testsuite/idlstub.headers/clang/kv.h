/* kv.h -- an interface shared by GCC-built and clang-built files
   (headers.exp, "Other compilers").  */

#ifndef KV_H
#define KV_H

#include <idlstub.h>

IDL_INTERFACE (kv, 0x4b56, 1);

struct kv_pair { int key; long value; };

IDL_OP (kv, 1) long kv_add (idl_binding_t *b, long x, short y);
IDL_OP (kv, 2) int kv_put (idl_binding_t *b, IDL_IN const struct kv_pair *p);
IDL_OP (kv, 3) int kv_get (idl_binding_t *b, int key,
			   IDL_OUT struct kv_pair *p);
IDL_OP (kv, 4) int kv_name (idl_binding_t *b,
			    IDL_IN IDL_STRING (31) const char *name,
			    IDL_OUT IDL_STRING (31) char *echo);

#endif /* KV_H */
