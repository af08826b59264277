/* layout.h -- stage 2: message layout.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.  */

#ifndef IDLSTUB_LAYOUT_H
#define IDLSTUB_LAYOUT_H

/* Compute OP's request and reply layouts.  Returns false when a message
   does not fit the message registers (the caller reports it).  */
bool idl_layout_operation (idl_operation *op);

/* Is OP, laid out, a bulk operation its mode and kind can carry?
   Reports an error at OP and returns false if not (bulk.cc).  */
bool idl_check_bulk_operation (const idl_operation *op);

/* Print OP's layouts to FILE (the pass's dump).  */
void idl_dump_layout (FILE *file, const idl_operation *op);

#endif /* IDLSTUB_LAYOUT_H */
