/* testgen.h -- the regression-test generator (testgen.cc).

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.  */

#ifndef IDLSTUB_TESTGEN_H
#define IDLSTUB_TESTGEN_H

/* -fplugin-arg-idlstub-testgen=FILE: where to write the test program,
   or NULL for none.  */
extern const char *idl_testgen_file;

/* -fplugin-arg-idlstub-testgen-header=NAME: what the program includes,
   or NULL for the file that declares the first operation.  */
extern const char *idl_testgen_header;

/* Register the callbacks that write the program, for plugin NAME.  */
void idl_testgen_init (const char *plugin_name);

/* Between the generator's files.  */

/* The program's fixed part (testgen-prelude.cc).  */
extern const char idl_testgen_prelude[];

/* A C declaration of NAME as TYPE ("char (*p)[32]"), abstract for an
   empty NAME; DROP_QUALS leaves out TYPE's own qualifiers.  Empty if
   some type in it has no name C code could use (testgen-types.cc).  */
std::string idl_c_declaration (tree type, const std::string &name,
			       bool drop_quals = false);

/* Set in MASK (a byte per byte of the object) the bits of an object of
   TYPE at bit POS that carry its value (testgen-types.cc).  */
void idl_value_bits (tree type, unsigned HOST_WIDE_INT pos,
		     std::vector<unsigned char> &mask);

#endif /* IDLSTUB_TESTGEN_H */
