/* impl-check.h -- the server's implementations (impl-check.cc).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   operations.cc tells impl-check.cc what the front end finishes; the
   IPA-start hook (idlstub.cc) asks it for what is missing.  */

#ifndef IDLSTUB_IMPL_CHECK_H
#define IDLSTUB_IMPL_CHECK_H

/* FNDECL, a named function the user declared (DEFINITION false: PARMS
   are the parameters it was written with, or NULL_TREE) or defined.  */
void idl_note_function (tree fndecl, tree parms, bool definition);
/* OP was added to the model: check an implementation seen before it,
   and declare its implementation if its interface has a dispatcher.  */
void idl_operation_recorded (idl_operation *op);
/* IFACE was defined: declare its dispatcher, for the check below.  */
void idl_interface_recorded (idl_interface *iface);
/* IFACE got its dispatcher (IDL_SERVER): declare every implementation
   of an operation known so far.  */
void idl_dispatcher_recorded (idl_interface *iface);
/* A use of an interface's dispatcher in BODY (a function's, or a
   variable's initializer at LOC) when the file has no IDL_SERVER for
   it.  */
void idl_check_dispatcher_uses (tree body, location_t loc);
/* The end of the unit: the implementations a server file lacks.  */
void idl_check_implementations (void);

#endif /* IDLSTUB_IMPL_CHECK_H */
