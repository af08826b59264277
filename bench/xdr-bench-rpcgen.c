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
static char wire_req[1 << 18], wire_rep[1 << 18];

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
  xdrmem_create (&x, wire_req, sizeof wire_req, XDR_ENCODE);
  if (!procs[k].args (&x, &args[k]) || xdr_getpos (&x) != nreq
      || memcmp (wire_req, req, nreq) != 0)
    return 1;
  xdrmem_create (&x, wire_rep, sizeof wire_rep, XDR_ENCODE);
  if (!procs[k].res (&x, &res[k]) || xdr_getpos (&x) != nrep
      || memcmp (wire_rep, rep, nrep) != 0)
    return 1;
  return 0;
}

/* One call's four conversions, rpcgen's.  */
void __attribute__ ((__noinline__))
rpcgen_call (int k)
{
  XDR x;
  unsigned n1, n2;

  xdrmem_create (&x, wire_req, sizeof wire_req, XDR_ENCODE);
  procs[k].args (&x, &args[k]);
  n1 = xdr_getpos (&x);

  xdrmem_create (&x, wire_req, n1, XDR_DECODE);
  memset (&dec_args, 0, procs[k].nargs);
  procs[k].args (&x, &dec_args);

  xdrmem_create (&x, wire_rep, sizeof wire_rep, XDR_ENCODE);
  procs[k].res (&x, &res[k]);
  n2 = xdr_getpos (&x);

  xdrmem_create (&x, wire_rep, n2, XDR_DECODE);
  memset (&dec_res, 0, procs[k].nres);
  procs[k].res (&x, &dec_res);

  xdr_free (procs[k].args, (char *) &dec_args);
  xdr_free (procs[k].res, (char *) &dec_res);
}
