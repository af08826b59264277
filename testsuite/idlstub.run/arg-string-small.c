/* { dg-do run } */
/* Area: run
   Purpose: an IDL_IN string may live in an object smaller than its
   bound: a string literal, a char array of a few bytes, a struct
   member.  Such calls are valid C (the string ends within its object),
   so they compile without a warning (no -Wstringop-overread from the
   stub's length check) and the string arrives intact.  */

#include <stdint.h>
#include <idlstub.h>
#include "idltest.h"

IDL_INTERFACE (argsmall, 0x2a0d, 1);

IDL_OP (argsmall, 1) uint64_t put (idl_binding_t *b,
				   IDL_IN IDL_STRING (16) const char *s);
/* A bigger bound, and an out string beside it.  */
IDL_OP (argsmall, 2) int named (idl_binding_t *b, int k,
				IDL_IN IDL_STRING (100) const char *name,
				IDL_OUT IDL_STRING (100) char *echo);

IDL_SERVER (argsmall);

static uint64_t
hash_str (const char *s)
{
  uint64_t h = 0xcbf29ce484222325ULL;
  for (; *s; s++)
    h = (h ^ (unsigned char) *s) * 0x100000001b3ULL;
  return h;
}

uint64_t
put_impl (idl_call_t *call, const char *s)
{
  return hash_str (s);
}

int
named_impl (idl_call_t *call, int k, const char *name, char *echo)
{
  strcpy (echo, name);
  return k + (int) strlen (name);
}

struct rec
{
  int id;
  char name[8];
  int tail;
};

/* Defeats constant folding of the strings below.  */
static volatile char letter = 'q';

/* The calls are in ordinary functions, not inlined into main (which is
   optimized as code that runs once).  */

__attribute__ ((__noinline__)) void
literals (idl_binding_t *b)
{
  CHECK (put (b, "hi") == hash_str ("hi"));
  CHECK (idl_error (b) == IDL_OK);
  CHECK (put (b, "") == hash_str (""));
  CHECK (idl_error (b) == IDL_OK);
}

__attribute__ ((__noinline__)) void
small_array (idl_binding_t *b)
{
  char s[4];
  s[0] = letter;
  s[1] = letter;
  s[2] = 0;
  CHECK (put (b, s) == hash_str ("qq"));
  CHECK (idl_error (b) == IDL_OK);
}

__attribute__ ((__noinline__)) void
member (idl_binding_t *b, struct rec *r)
{
  CHECK (put (b, r->name) == hash_str ("qrsqrsq"));
  CHECK (idl_error (b) == IDL_OK);
  char echo[101];
  CHECK (named (b, 10, r->name, echo) == 17);
  CHECK (idl_error (b) == IDL_OK);
  CHECK (strcmp (echo, "qrsqrsq") == 0);
  CHECK (named (b, 20, "abc", echo) == 23);
  CHECK (strcmp (echo, "abc") == 0);
}

int
main (void)
{
  const char *name = idltest_name ("arg-string-small");
  pid_t srv = idltest_fork_server (name, &argsmall, argsmall_dispatch);
  idl_binding_t *b = idltest_connect (name, &argsmall);

  literals (b);
  small_array (b);
  struct rec r = { 1, "", 2 };
  for (int i = 0; i < 7; i++)
    r.name[i] = (char) (letter + i % 3);
  r.name[7] = 0;
  member (b, &r);

  idl_close (b);
  idltest_stop_server (srv);
  return 0;
}
