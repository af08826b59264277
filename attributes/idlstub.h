/* idlstub.h -- the annotation vocabulary of idlstub.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   An interface is an ordinary C header.  Include this file, name the
   interface, and annotate the prototypes that are remote operations:

     #include <idlstub.h>

     IDL_INTERFACE (calc, 0x10, 1);          // name, numeric id, version

     IDL_OP (calc, 1) long tiny (idl_binding_t *b, long x);
     IDL_OP (calc, 2) IDL_FAILS_ERRNO int get (idl_binding_t *b,
                                               IDL_OUT long *value);
     IDL_OP (calc, 3) IDL_ONEWAY void note (idl_binding_t *b, int what);

   Every operation takes the binding (the connection to a server) as its
   first parameter.  A client calls the operation like any function; GCC,
   with -fplugin=idlstub, gives it a body (the client stub).

   A server says IDL_SERVER (calc); and defines one implementation per
   operation, named after it with "_impl" appended, taking the call
   context in place of the binding:

     IDL_SERVER (calc);                // declares calc_dispatch, tiny_impl...
     long tiny_impl (idl_call_t *call, long x) { return x + 1; }

   and runs idl_server_create ("@calc", &calc, calc_dispatch, &err).

   Annotations:
     IDL_INTERFACE (name, id, version)  define interface NAME; ID (32 bits)
                                        and VERSION travel in every
                                        connection request
     IDL_OP (iface, number)             this prototype is operation NUMBER
                                        (1..65535) of IFACE
     IDL_ONEWAY                         the operation has no reply; the
                                        client does not wait (void, no out
                                        parameters)
     IDL_FAILS (value)                  a call that fails returns VALUE
                                        (an integer result), not 0; the
                                        reason stays in idl_error
     IDL_FAILS_ERRNO                    a call that fails returns a negated
                                        errno code (-EPIPE, -ETIMEDOUT:
                                        idl_error_errno); a signed result
                                        at least as wide as int
     IDL_IN / IDL_OUT / IDL_INOUT       direction of a pointer parameter:
                                        the pointee is sent, received, or
                                        both
     IDL_STRING (max)                   char * parameter: a NUL-terminated
                                        string of at most MAX chars (an out
                                        or inout one needs MAX + 1 bytes;
                                        MAX + 1 at most 1 GiB)
     IDL_SIZE_IS (count, max)           T * parameter: COUNT elements, COUNT
                                        an integer parameter, at most MAX
                                        (MAX elements at most 1 GiB; what
                                        does not fit a message's 64 KiB
                                        page travels as a bulk item)
     IDL_LENGTH_IS (length)             out or inout buffer: *LENGTH
                                        elements come back (an IDL_OUT or
                                        IDL_INOUT integer pointer)
     IDL_MAX (max)                      the bound of a buffer sized by GCC's
                                        access (mode, ptr, size) attribute
     IDL_TYPICAL (n)                    a typical size for a string or
                                        buffer (a hint)
     IDL_FD                             int parameter: a file descriptor
                                        (IDL_OUT int *: one comes back)
     IDL_REGION                         idl_region_t * parameter, IDL_IN
                                        or IDL_OUT: shared memory handed
                                        over without a copy (in: sealed
                                        at the call; out: the server
                                        writes it in place)
     IDL_SERVER (iface)                 this file implements IFACE: the
                                        plugin generates iface_dispatch
                                        and declares every op_impl; in
                                        a file that defines one, each
                                        other must be defined or declared
                                        (defined in another file)
     IDL_ONC_PROGRAM (iface, program[, version])
                                        IFACE is ONC RPC program PROGRAM
                                        (version VERSION, by default the
                                        interface's) across machines, and
                                        every operation must be expressible
                                        in XDR; without it the program is
                                        0x20000000 + (id mod 0x20000000)

   Structures, unions and arrays (T a[N]) without pointers inside cross
   by value or through a pointer, copied en bloc.  GCC's
   access (read_only | write_only | read_write, ...) attribute gives a
   pointer parameter its direction.

   Without the plugin, a call to an operation is a compile-time error
   that says to add -fplugin=idlstub, and IDL_SERVER is one too.

   Only GCC loads the plugin: another compiler (clang) gets an error
   here, unless the file defines IDLSTUB_DECLARATIONS_ONLY before
   including this header, to use the interface's declarations without
   calling an operation (implementations built by clang, linked with a
   server file GCC compiles).  */

#ifndef IDLSTUB_H
#define IDLSTUB_H

/* One error, and only one, for a compiler that cannot load the plugin:
   IDLSTUB_QUIET below keeps the annotations from adding more.  clang
   defines __GNUC__ too, and would fail later and worse: with
   -fplugin, dlopen fails on GCC's internal symbols; without it, every
   call is an error that says to add -fplugin=idlstub.  */
#if (!defined __GNUC__ || defined __clang__) \
    && !defined IDLSTUB_DECLARATIONS_ONLY
# error "idlstub needs GCC with its plugin (gcc -fplugin=idlstub), which no other compiler can load: compile this file with GCC or, if it only implements operations, define IDLSTUB_DECLARATIONS_ONLY before including <idlstub.h> (manual: Other compilers)"
# define IDLSTUB_QUIET 1
#endif

#include "idlrt.h"

/* idlrt.h refused the target: nothing more to say.  */
#if defined IDLRT_TARGET_UNSUPPORTED && !defined IDLSTUB_QUIET
# define IDLSTUB_QUIET 1
#endif

/* The plugin registers the attributes below; __has_attribute sees
   them only when it is loaded.  */
#if defined __has_attribute && !defined IDLSTUB_QUIET
# if __has_attribute (__idl_op__)
#  define IDLSTUB_PLUGIN_LOADED 1
# endif
#endif

/* What a call of an operation says without the plugin.  */
#if defined __clang__ || !defined __GNUC__
# define IDLSTUB_NO_STUB_ \
  "this is an idlstub operation: only GCC with -fplugin=idlstub " \
  "generates its stub; call it from a file GCC compiles"
#else
# define IDLSTUB_NO_STUB_ \
  "this is an idlstub operation: compile with -fplugin=idlstub to " \
  "generate its stub"
#endif

#ifdef IDLSTUB_PLUGIN_LOADED

# define IDL_INTERFACE(name, id, version)				\
  static const idl_interface_t name					\
    __attribute__ ((__idl_interface__ (id, version), __unused__))	\
    = { #name, 0, 0, 0, 0, 0, 0, 0, 0, 0 /* all but the name: the plugin's */ }

/* The pragma tells the plugin that this IDL_OP was written, so that it
   can report one that GCC ignores (IDL_OP (calc, 2) struct s {...};
   declares no function to annotate); __COUNTER__ pairs it with the
   attribute.  */
# define IDL_OP(iface, number) IDLSTUB_OP_ (iface, number, __COUNTER__)
# define IDLSTUB_OP_(iface, number, k)					\
  IDLSTUB_PRAGMA_ (idlstub op k)					\
  __attribute__ ((__idl_op__ (iface, number, k)))
# define IDLSTUB_PRAGMA_(text) _Pragma (#text)
# define IDL_ONEWAY __attribute__ ((__idl_oneway__))
# define IDL_IN __attribute__ ((__idl_in__))
# define IDL_OUT __attribute__ ((__idl_out__))
# define IDL_INOUT __attribute__ ((__idl_inout__))
# define IDL_STRING(max) __attribute__ ((__idl_string__ (max)))
/* The count and length name other parameters, which may come later in
   the prototype: they go to the plugin as strings.  */
# define IDL_SIZE_IS(count, max) \
  __attribute__ ((__idl_size_is__ (#count, max)))
# define IDL_LENGTH_IS(length) __attribute__ ((__idl_length_is__ (#length)))
# define IDL_MAX(max) __attribute__ ((__idl_max__ (max)))
# define IDL_TYPICAL(n) __attribute__ ((__idl_typical__ (n)))
# define IDL_FD __attribute__ ((__idl_fd__))
# define IDL_REGION __attribute__ ((__idl_region__))
# define IDL_FAILS(value) __attribute__ ((__idl_fails__ (value)))
# define IDL_FAILS_ERRNO __attribute__ ((__idl_fails__))

# define IDL_SERVER(iface)						\
  extern idl_uint64_t iface##_dispatch (idl_call_t *, idl_uint64_t *)	\
    __attribute__ ((__idl_dispatcher__ (iface)))

/* A declaration of nothing that carries the numbers.  The version is
   optional, so the macro is variadic, which C89 lacks: -pedantic would
   warn in every file that includes this header (the warning is the
   definition's, a use of the macro is silent).  */
# pragma GCC diagnostic push
# pragma GCC diagnostic ignored "-Wvariadic-macros"
# define IDL_ONC_PROGRAM(iface, ...)					\
  extern void iface##_idl_onc_program (void)				\
    __attribute__ ((__idl_onc_program__ (iface, __VA_ARGS__)))
# pragma GCC diagnostic pop

#else /* !IDLSTUB_PLUGIN_LOADED */

/* Declarations stay usable (a header can be shared with code that never
   calls an operation), but a call cannot compile into a silent
   undefined reference.  After one of the errors above, nothing more:
   that error says it all.  */
# define IDL_INTERFACE(name, id, version)				\
  static const idl_interface_t name __attribute__ ((__unused__))	\
    = { #name, (id), (version), 0, 0, 0, 0, 0, 0, 0 }
# ifdef IDLSTUB_QUIET
#  define IDL_OP(iface, number)
# else
#  define IDL_OP(iface, number) __attribute__ ((__error__ (IDLSTUB_NO_STUB_)))
# endif
# define IDL_ONEWAY
# define IDL_IN
# define IDL_OUT
# define IDL_INOUT
# define IDL_STRING(max)
# define IDL_SIZE_IS(count, max)
# define IDL_LENGTH_IS(length)
# define IDL_MAX(max)
# define IDL_TYPICAL(n)
# define IDL_FD
# define IDL_REGION
# define IDL_FAILS(value)
# define IDL_FAILS_ERRNO
/* _Pragma ("GCC error") is reported at the line that uses the macro, not
   inside this header.  It takes one string literal, hence the long line.  */
# if defined IDLSTUB_QUIET
#  define IDL_SERVER(iface)						\
  extern idl_uint64_t iface##_dispatch (idl_call_t *, idl_uint64_t *)
# elif defined __clang__ || !defined __GNUC__
#  define IDL_SERVER(iface)						\
  _Pragma ("GCC error \"IDL_SERVER needs GCC with the idlstub plugin: compile this file with gcc -fplugin=idlstub\"") \
  extern idl_uint64_t iface##_dispatch (idl_call_t *, idl_uint64_t *)
# else
#  define IDL_SERVER(iface)						\
  _Pragma ("GCC error \"IDL_SERVER needs the idlstub plugin: compile with -fplugin=idlstub\"") \
  extern idl_uint64_t iface##_dispatch (idl_call_t *, idl_uint64_t *)
# endif
/* Only the plugin builds the ONC tables that carry the numbers.  */
# pragma GCC diagnostic push
# pragma GCC diagnostic ignored "-Wvariadic-macros"
# define IDL_ONC_PROGRAM(iface, ...)					\
  extern void iface##_idl_onc_program (void)
# pragma GCC diagnostic pop

#endif /* IDLSTUB_PLUGIN_LOADED */

#endif /* IDLSTUB_H */
