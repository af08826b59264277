/* paramtest.h -- CORBA's Param_Test interface, in C with idlstub.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Area: gen
   Purpose: the operations of paper 002, appendix D.3, each passing its
   type in, inout and out and returning it: short, string, a fixed
   struct, a sequence of strings, a variable struct, a nested struct
   and a sequence of structs.  "Sequences are limited to a length of 9
   elements and strings contain 128 characters."

   The mapping to C: an unbounded string is a string of at most 128
   chars; a sequence is a buffer with its maximum (the capacity, a
   count) and, where it comes back, its length (IDL_LENGTH_IS), as in
   CORBA's C mapping of sequence<T> to { _maximum, _length, _buffer };
   a string inside a struct or a sequence is a char array, since a
   pointer member cannot cross (paper 000, 4.3.5 moves only flat
   records en bloc); a struct result is returned by value, as CORBA's
   C mapping returns it; a string or sequence result is one more out
   parameter, RET.  An in struct goes by value (fixed, variable) or, as
   CORBA's C mapping passes it, as a const pointer (nested), so both
   ways are tested.  */

#ifndef PARAMTEST_H
#define PARAMTEST_H

#include <stdbool.h>
#include <stdint.h>
#include <idlstub.h>

IDL_INTERFACE (Param_Test, 0xc0ba, 1);

#define PARAM_TEST_STRING 128
#define PARAM_TEST_SEQUENCE 9

/* short test_short (in short s1, inout short s2, out short s3); */
IDL_OP (Param_Test, 1) short test_short (idl_binding_t *b, short s1,
					 IDL_INOUT short *s2,
					 IDL_OUT short *s3);

/* string test_unbounded_string (in string s1, inout string s2,
				 out string s3); */
IDL_OP (Param_Test, 2) void
test_unbounded_string (idl_binding_t *b,
		       IDL_STRING (PARAM_TEST_STRING) IDL_IN const char *s1,
		       IDL_STRING (PARAM_TEST_STRING) IDL_INOUT char *s2,
		       IDL_STRING (PARAM_TEST_STRING) IDL_OUT char *s3,
		       IDL_STRING (PARAM_TEST_STRING) IDL_OUT char *ret);

/* struct Fixed_Struct { long l; char c; short s; octet o; float f;
			 boolean b; double d; }; */
typedef struct
{
  int32_t l;
  char c;
  int16_t s;
  uint8_t o;
  float f;
  bool b;
  double d;
} Param_Test_Fixed_Struct;

IDL_OP (Param_Test, 3) Param_Test_Fixed_Struct
test_fixed_struct (idl_binding_t *b, Param_Test_Fixed_Struct s1,
		   IDL_INOUT Param_Test_Fixed_Struct *s2,
		   IDL_OUT Param_Test_Fixed_Struct *s3);

/* typedef sequence<string> StrSeq; */
typedef char Param_Test_String[PARAM_TEST_STRING + 1];

IDL_OP (Param_Test, 4) void
test_strseq (idl_binding_t *b,
	     IDL_SIZE_IS (s1_length, PARAM_TEST_SEQUENCE)
	     IDL_IN const Param_Test_String *s1, uint32_t s1_length,
	     IDL_SIZE_IS (s2_maximum, PARAM_TEST_SEQUENCE)
	     IDL_LENGTH_IS (s2_length) IDL_INOUT Param_Test_String *s2,
	     uint32_t s2_maximum, IDL_INOUT uint32_t *s2_length,
	     IDL_SIZE_IS (s3_maximum, PARAM_TEST_SEQUENCE)
	     IDL_LENGTH_IS (s3_length) IDL_OUT Param_Test_String *s3,
	     uint32_t s3_maximum, IDL_OUT uint32_t *s3_length,
	     IDL_SIZE_IS (ret_maximum, PARAM_TEST_SEQUENCE)
	     IDL_LENGTH_IS (ret_length) IDL_OUT Param_Test_String *ret,
	     uint32_t ret_maximum, IDL_OUT uint32_t *ret_length);

/* struct Var_Struct { double dbl; string dummy1; boolean boole;
		       string dummy2; short shrt; StrSeq seq; }; */
typedef struct
{
  double dbl;
  Param_Test_String dummy1;
  bool boole;
  Param_Test_String dummy2;
  int16_t shrt;
  uint32_t seq_length;
  Param_Test_String seq[PARAM_TEST_SEQUENCE];
} Param_Test_Var_Struct;

IDL_OP (Param_Test, 5) Param_Test_Var_Struct
test_var_struct (idl_binding_t *b, Param_Test_Var_Struct s1,
		 IDL_INOUT Param_Test_Var_Struct *s2,
		 IDL_OUT Param_Test_Var_Struct *s3);

/* struct Nested_Struct { Var_Struct vs; }; */
typedef struct
{
  Param_Test_Var_Struct vs;
} Param_Test_Nested_Struct;

IDL_OP (Param_Test, 6) Param_Test_Nested_Struct
test_nested_struct (idl_binding_t *b,
		    IDL_IN const Param_Test_Nested_Struct *s1,
		    IDL_INOUT Param_Test_Nested_Struct *s2,
		    IDL_OUT Param_Test_Nested_Struct *s3);

/* typedef sequence<Fixed_Struct> StructSeq; */
IDL_OP (Param_Test, 7) void
test_struct_sequence (idl_binding_t *b,
		      IDL_SIZE_IS (s1_length, PARAM_TEST_SEQUENCE)
		      IDL_IN const Param_Test_Fixed_Struct *s1,
		      uint32_t s1_length,
		      IDL_SIZE_IS (s2_maximum, PARAM_TEST_SEQUENCE)
		      IDL_LENGTH_IS (s2_length)
		      IDL_INOUT Param_Test_Fixed_Struct *s2,
		      uint32_t s2_maximum, IDL_INOUT uint32_t *s2_length,
		      IDL_SIZE_IS (s3_maximum, PARAM_TEST_SEQUENCE)
		      IDL_LENGTH_IS (s3_length)
		      IDL_OUT Param_Test_Fixed_Struct *s3,
		      uint32_t s3_maximum, IDL_OUT uint32_t *s3_length,
		      IDL_SIZE_IS (ret_maximum, PARAM_TEST_SEQUENCE)
		      IDL_LENGTH_IS (ret_length)
		      IDL_OUT Param_Test_Fixed_Struct *ret,
		      uint32_t ret_maximum, IDL_OUT uint32_t *ret_length);

#endif /* PARAMTEST_H */
