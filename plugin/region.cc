/* region.cc -- IDL_REGION: shared memory handed over, the stubs' parts.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   A parameter IDL_IN IDL_REGION idl_region_t *r (or IDL_OUT) passes a
   memfd instead of its bytes (HACKING, "Large buffers", 5; FIDL's
   VMOs, Hubris's leases), so a call costs the same whatever the
   region's size.  The model makes it an in descriptor that remembers
   it is a region (model.h, idl_param::region): it travels as the
   request's descriptor, in or out alike, and the bytes of an out region
   come back in the region itself.

   Client stub (client-stub.cc, step 1, once every bound is checked):

     fd = idl_region_prepare (r, 1);     // in: seal, read-only again
     if (fd < 0) goto inval;             // IDL_E_INVAL, nothing sent

   and FD is the descriptor listed in step 4.  Server stub, after the
   descriptors are received (step 5), for regions A and B:

     ra = idl_region_accept (fd_a, 1);   // seals and size checked,
     rb = idl_region_accept (fd_b, 2);   //   then mapped
     if (ra == 0) goto refuse; if (rb == 0) goto refuse;
     ...
     result = op_impl (call, ..., ra, ..., rb);
     idl_region_release (ra);            // unmapped before the reply
     idl_region_release (rb);            //   is published
     ...
   refuse:
     idl_region_release (ra); idl_region_release (rb);   // NULL is fine
     goto bad;                           // IDL_E_BADMSG to the client

   The implementation's prototype is the operation's: it gets an
   idl_region_t * of its own (idl_region_data, idl_region_size;
   idl_region_keep to keep the memory past the call).  The runtime
   closes the received descriptor after the call, as any other.  */

#include "gcc-compat.h"
#include "model.h"
#include "abi.h"
#include "marshal.h"
#include "fast-stubs.h"

/* Step 5b of a server stub: every region of OP accepted; VALUES[i],
   region I's descriptor, becomes its idl_region_t *.  A region refused
   releases those accepted and goes to BAD.  */
void
region_server_accept (body_builder &bb, const idl_abi &abi,
		      const idl_operation *op, std::vector<tree> &values,
		      tree bad)
{
  std::vector<unsigned> regions;
  for (unsigned i = 0; i < op->params.size (); i++)
    if (op->params[i].region)
      {
	auto_vec<tree> args;
	args.safe_push (values[i]);
	args.safe_push (build_int_cst (integer_type_node,
				       op->params[i].region));
	values[i] = bb.call (abi.region_accept, args, ptr_type_node);
	regions.push_back (i);
      }
  if (regions.empty ())
    return;
  tree refuse = bb.new_label (), ok = bb.new_label ();
  for (unsigned i : regions)
    {
      tree next = bb.new_label ();
      bb.cond_goto (EQ_EXPR, values[i], null_pointer_node, refuse, next);
      bb.label (next);
    }
  bb.add (gimple_build_goto (ok));
  bb.label (refuse);
  bb.add (gimple_build_predict (PRED_COLD_LABEL, NOT_TAKEN));
  region_server_release (bb, abi, op, values);
  bb.add (gimple_build_goto (bad));
  bb.label (ok);
}

/* Step 8b: after the implementation, before anything can turn the
   reply into an error, every region unmapped (an out region before
   the client may read it).  */
void
region_server_release (body_builder &bb, const idl_abi &abi,
		       const idl_operation *op,
		       const std::vector<tree> &values)
{
  for (unsigned i = 0; i < op->params.size (); i++)
    if (op->params[i].region)
      {
	auto_vec<tree> args;
	args.safe_push (values[i]);
	bb.call_void (abi.region_release, args);
      }
}
