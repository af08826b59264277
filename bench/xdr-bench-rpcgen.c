/* xdr-bench-rpcgen.c -- rpcgen's side of bench/xdr-bench.c.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Compiled against idl4_rpc.h, which rpcgen -N made from the .x file
   the plugin exported for idl4.h (bench/callgrind-xdr), and linked with
   rpcgen's xdr routines.  Its names for IDL4's six procedures' argument
   and result (rpcgen -N: one argument by its own type, several in an
   OP_1_argument struct; the result's struct named by the export) are
   spelled out below.  */

#include <stdio.h>
#include <string.h>
#include "idl4_rpc.h"

union args
{
  quad_t tiny;
  small_1_argument small;
  large_1_argument large;
  strxfer_a strxfer;
  large_t structxfer;
  arrayxfer_1_argument arrayxfer;
};

union res
{
  quad_t q;
  strxfer_res strxfer;
  structxfer_res structxfer;
  char none;
};

/* Each procedure's routines, and the bytes of its C objects (what a
   decoder's object is zeroed over first, as rpcgen's stubs do).  */
static const struct
{
  xdrproc_t args, res;
  size_t nargs, nres;
} procs[6] = {
  { (xdrproc_t) xdr_quad_t, (xdrproc_t) xdr_quad_t, sizeof (quad_t),
    sizeof (quad_t) },
  { (xdrproc_t) xdr_small_1_argument, (xdrproc_t) xdr_quad_t,
    sizeof (small_1_argument), sizeof (quad_t) },
  { (xdrproc_t) xdr_large_1_argument, (xdrproc_t) xdr_quad_t,
    sizeof (large_1_argument), sizeof (quad_t) },
  { (xdrproc_t) xdr_strxfer_a, (xdrproc_t) xdr_strxfer_res,
    sizeof (strxfer_a), sizeof (strxfer_res) },
  { (xdrproc_t) xdr_large_t, (xdrproc_t) xdr_structxfer_res,
    sizeof (large_t), sizeof (structxfer_res) },
  { (xdrproc_t) xdr_arrayxfer_1_argument, (xdrproc_t) xdr_void,
    sizeof (arrayxfer_1_argument), 0 },
};

/* The values, as rpcgen's decoders made them at set-up.  */
static union args args[6];
static union res res[6];
static union args dec_args;
static union res dec_res;
unsigned char rpcgen_wire_req[1 << 18], rpcgen_wire_rep[1 << 18];

/* Decode REQ and REP (the bytes idlstub's encoders made) into op K's
   values and encode them again: 0 if rpcgen's bytes are the same.  */
int
rpcgen_setup (int k, const void *req, unsigned nreq, const void *rep,
	      unsigned nrep)
{
  XDR x;
  xdrmem_create (&x, (char *) req, nreq, XDR_DECODE);
  if (!procs[k].args (&x, &args[k]))
    return 1;
  xdrmem_create (&x, (char *) rep, nrep, XDR_DECODE);
  if (!procs[k].res (&x, &res[k]))
    return 1;
  xdrmem_create (&x, (char *) rpcgen_wire_req, sizeof rpcgen_wire_req,
		 XDR_ENCODE);
  if (!procs[k].args (&x, &args[k]) || xdr_getpos (&x) != nreq
      || memcmp (rpcgen_wire_req, req, nreq) != 0)
    return 1;
  xdrmem_create (&x, (char *) rpcgen_wire_rep, sizeof rpcgen_wire_rep,
		 XDR_ENCODE);
  if (!procs[k].res (&x, &res[k]) || xdr_getpos (&x) != nrep
      || memcmp (rpcgen_wire_rep, rep, nrep) != 0)
    return 1;
  return 0;
}

/* One call's four conversions, rpcgen's, through the four streams XS
   (bench/xdr-bench.c, streams): as rpcgen's client stub and
   libtirpc's clnt_call encode the arguments (xdr_args) and, into a
   zeroed result, decode the result; as rpcgen's server stub and
   svc_getargs decode the arguments into a zeroed object and
   svc_sendreply encodes the result; then svc_freeargs and
   clnt_freeres free what the decoders allocated (xdr_free).  Nonzero
   if a routine failed.  */
int __attribute__ ((__noinline__))
rpcgen_call (int k, XDR *xs)
{
  int ok = procs[k].args (&xs[0], &args[k]);

  memset (&dec_args, 0, procs[k].nargs);
  ok &= procs[k].args (&xs[1], &dec_args);

  ok &= procs[k].res (&xs[2], &res[k]);

  memset (&dec_res, 0, procs[k].nres);
  ok &= procs[k].res (&xs[3], &dec_res);

  xdr_free (procs[k].args, (char *) &dec_args);
  xdr_free (procs[k].res, (char *) &dec_res);
  return !ok;
}
