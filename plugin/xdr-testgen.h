/* xdr-testgen.h -- what the writers of the XDR test program share.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   xdr-testgen.cc writes the program (-fplugin-arg-idlstub-xdr-testgen)
   and its parts that compare the codecs with rpcgen's; xdr-testgen-net.cc
   the parts that run it over the network, against an rpcgen-built
   server and client.  Include after model.h and xdr.h.  */

#ifndef IDLSTUB_XDR_TESTGEN_H
#define IDLSTUB_XDR_TESTGEN_H

namespace xdrt {

typedef unsigned long long ull;

/* rpcgen's C for a .x type, and its xdr_ routine's name.  */
std::string rpc_ctype (const std::string &xtype);
std::string rpc_proc (const std::string &xtype);

/* One operation, as the program treats it.  */
struct plan
{
  const xdr_spelled_op *o;
  const idl_operation *op;
  unsigned k;
  std::string name;
  /* Parameter index -> the buffers it counts / is the length of.  */
  std::map<int, std::vector<int> > count_of, length_of;
  std::map<int, int> arg_of, res_of;	/* parameter -> element index */
};

class gen
{
public:
  gen (xdr_spelling &s) : s (s) {}
  std::string out;
  bool rpc = false;	/* writing rpcgen's side */
  bool check = false;	/* checking values rather than drawing them */
  int loops = 0;
  xdr_spelling &s;

  void put (int ind, const std::string &line)
  {
    out += std::string (2 * ind, ' ') + line + "\n";
  }
  std::string member (const std::string &c_name)
  {
    return rpc ? xdr_escape (c_name) : c_name;
  }
  std::string arg_lv (const plan &p, int k);
  std::string res_lv (const plan &p, int k);
  void store (const std::string &lv, const std::string &value, int ind);
  void leaf (enum xdr_kind kind, const std::string &lv, int ind);
  void fixed (const xdr_type *t, const std::string &lv, int ind);
  void string_elem (const plan &p, const xdr_elem &e, const std::string &lv,
		    const std::string &store, int ind);
  void buffer_elem (const plan &p, const xdr_spelled_elem &se,
		    const std::string &lv, const std::string &n,
		    const std::string &store, int ind);
  void walk (const plan &p, bool results);
  std::string rpc_elem_ctype (const xdr_type *t);
};

/* rpcgen's C for operation O: the type of its argument (its
   OP_argument struct, its one argument's, or "char" for none) and of
   its result ("char" for none), and their xdr_ routines ("" for
   none).  */
std::string rpc_arg_type (const xdr_spelled_op &o);
std::string rpc_res_type (const xdr_spelled_op &o);
std::string rpc_arg_proc (const xdr_spelled_op &o);
std::string rpc_res_proc (const xdr_spelled_op &o);

/* The network run's UDP calls hold at most this many elements in a
   variable item (XDRT_UDP_CAP in the program).  */
const unsigned udp_cap = 16;

/* xdr-testgen-net.cc: rpcgen's side of the network run, after the
   relay's (inside #ifdef XDRT_RPCGEN), and idlstub's (after the table
   of operations).  */
void emit_rpcgen_net (gen &g, const std::vector<plan> &plans);
void emit_our_net (gen &g, const std::vector<plan> &plans);

} // namespace xdrt

#endif /* IDLSTUB_XDR_TESTGEN_H */
