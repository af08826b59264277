/* everything.h -- every kind of parameter the argument model knows.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Area: gen
   Purpose: every scalar type by value, as IDL_IN, IDL_OUT and IDL_INOUT
   pointers and as the result; records with padding, _Bool and
   bit-fields, unions and arrays in every direction, by value and by
   pointer, in message words and in the payload, and records and unions
   as results; strings and buffers
   of every direction, counted by IDL_SIZE_IS or GCC's access
   attribute; descriptors in and out; one-way operations; and the
   spellings of types the generator must write back: const and
   volatile pointees, restrict, typedef'd anonymous structs and enums,
   T a[N] parameters (which C makes T *), pointers to arrays, a
   typedef'd pointer.  Two interfaces, so the program runs two
   servers.  */

#ifndef EVERYTHING_H
#define EVERYTHING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <idlstub.h>

IDL_INTERFACE (everything, 0xe1e1, 3);

/* Enums of every shape GCC gives them: signed with a negative value,
   unsigned 32 bits, packed into one byte, 64 bits wide, and one with
   no tag.  */
enum sen { SEN_NEG = -2, SEN_ZERO = 0, SEN_MAX = 0x7fffffff };
enum uen { UEN_ZERO = 0, UEN_TOP = 0xffffffffu };
enum __attribute__ ((__packed__)) pen { PEN_NEG = -1, PEN_MAX = 127 };
enum wen { WEN_SMALL = 1, WEN_WIDE = 0xdeadbeefcafef00dULL };
typedef enum { ANON_A, ANON_B = 1000 } anon_enum_t;

/* X (number, name, type) for every scalar type a pointer may point to
   (a plain char pointer needs a bound: it is a string).  */
#define EVERY_POINTEE_TYPE(X)			\
  X (1, sc, signed char)			\
  X (2, uc, unsigned char)			\
  X (3, ss, short)				\
  X (4, us, unsigned short)			\
  X (5, si, int)				\
  X (6, ui, unsigned int)			\
  X (7, sl, long)				\
  X (8, ul, unsigned long)			\
  X (9, sll, long long)				\
  X (10, ull, unsigned long long)		\
  X (11, i8, int8_t)				\
  X (12, u8, uint8_t)				\
  X (13, i16, int16_t)				\
  X (14, u16, uint16_t)				\
  X (15, i32, int32_t)				\
  X (16, u32, uint32_t)				\
  X (17, i64, int64_t)				\
  X (18, u64, uint64_t)				\
  X (19, sz, size_t)				\
  X (20, bo, _Bool)				\
  X (21, fl, float)				\
  X (22, db, double)				\
  X (23, sen, enum sen)				\
  X (24, uen, enum uen)				\
  X (25, pen, enum pen)				\
  X (26, wen, enum wen)				\
  X (27, ae, anon_enum_t)

/* T all_NAME (T v, in const T *, out T *, inout T *): every direction
   of one type in one call.  */
#define EVERY_DIRECTION(N, NAME, T)					\
  IDL_OP (everything, N) T all_##NAME (idl_binding_t *b, T v,		\
				       IDL_IN const T *i, IDL_OUT T *o,	\
				       IDL_INOUT T *io);
EVERY_POINTEE_TYPE (EVERY_DIRECTION)

/* Plain char travels by value only.  */
IDL_OP (everything, 30) char only_char (idl_binding_t *b, char c, char d);

/* Values of many types packed into the request's words, and more
   words than the registers hold.  */
IDL_OP (everything, 31) double mix (idl_binding_t *b, bool f, signed char sc,
				    short s, int i, long long ll, float fl,
				    double d, enum pen p, uint16_t u16);
IDL_OP (everything, 32) unsigned long long wide (idl_binding_t *b, long a1,
						 long a2, long a3, long a4,
						 long a5, long a6, long a7,
						 long a8, long a9, long a10);

/* Records: padding after C and S, a _Bool, bit-fields with an unnamed
   one between them; no tag, only a typedef name.  */
typedef struct
{
  char c;
  long l;
  short s;
  bool flag;
  unsigned bits : 3;
  unsigned : 2;
  signed sbits : 5;
  float f;
} anon_t;

/* Seven bytes of tail padding.  */
struct tagged
{
  double d;
  unsigned char tail;
};

union u
{
  int i;
  double d;
  char bytes[12];
  short s;
};

typedef unsigned char mac_t[6];

struct nested
{
  struct tagged t[3];
  union u u;
  anon_t a;
  mac_t mac;
};

/* Two words: by value in registers.  */
struct pair
{
  int a, b;
};

IDL_OP (everything, 40) void blk_anon (idl_binding_t *b, anon_t v,
				       IDL_IN const anon_t *i,
				       IDL_OUT anon_t *o,
				       IDL_INOUT anon_t *io);
IDL_OP (everything, 41) void blk_tagged (idl_binding_t *b, struct tagged v,
					 IDL_IN const struct tagged *i,
					 IDL_OUT struct tagged *o,
					 IDL_INOUT struct tagged *io);
IDL_OP (everything, 42) void blk_union (idl_binding_t *b, union u v,
					IDL_IN const union u *i,
					IDL_OUT union u *o,
					IDL_INOUT union u *io);
IDL_OP (everything, 43) void blk_nested (idl_binding_t *b, struct nested v,
					 IDL_IN const struct nested *i,
					 IDL_OUT struct nested *o,
					 IDL_INOUT struct nested *io);
IDL_OP (everything, 44) long blk_pair (idl_binding_t *b, struct pair p,
				       int x, IDL_OUT struct pair *q);

/* Larger than the message words: payload items.  */
struct big
{
  uint64_t words[1000];
  unsigned char odd[13];
};

IDL_OP (everything, 45) uint32_t blk_big (idl_binding_t *b, struct big v,
					  IDL_IN const struct big *i,
					  IDL_OUT struct big *o,
					  IDL_INOUT struct big *io);

/* Records as results: one word; padding, a _Bool and bit-fields; a
   union beside an out record; beside an out buffer of records; in the
   payload, beside a string and an out value.  */
IDL_OP (everything, 33) struct pair ret_pair (idl_binding_t *b,
					      struct pair p);
IDL_OP (everything, 34) anon_t ret_anon (idl_binding_t *b, int seed);
IDL_OP (everything, 35) union u ret_union (idl_binding_t *b,
					   IDL_IN const union u *i,
					   IDL_OUT struct pair *q);
IDL_OP (everything, 36) struct tagged ret_tagged (idl_binding_t *b,
						  unsigned n,
						  IDL_SIZE_IS (n, 8)
						  IDL_OUT struct tagged *t);
IDL_OP (everything, 37) struct big ret_big (idl_binding_t *b,
					    IDL_STRING (20)
					    IDL_IN const char *s,
					    IDL_OUT uint32_t *n);

/* Arrays: T a[N] parameters (pointers to N elements), an array typedef
   as a parameter, a pointer to one.  */
IDL_OP (everything, 50) void arr_int (idl_binding_t *b,
				      IDL_IN const int a[8],
				      IDL_OUT int o[8], IDL_INOUT int io[8]);
IDL_OP (everything, 51) void arr_mac (idl_binding_t *b, IDL_IN const mac_t m,
				      IDL_OUT mac_t o, IDL_INOUT mac_t io,
				      IDL_IN const mac_t *pm,
				      IDL_OUT mac_t *po);
IDL_OP (everything, 52) float arr_double (idl_binding_t *b,
					  IDL_IN const double d[3],
					  IDL_OUT double o[5],
					  IDL_INOUT bool flags[17]);
IDL_OP (everything, 53) void arr_big (idl_binding_t *b,
				      IDL_IN const uint16_t a[3000],
				      IDL_OUT uint16_t o[3000]);

/* Qualifiers and a typedef'd pointer.  */
typedef long *long_ptr;
IDL_OP (everything, 60) long quals (idl_binding_t *b,
				    IDL_IN const volatile int *cv,
				    IDL_OUT long *restrict r,
				    IDL_IN const anon_t *const cp,
				    IDL_OUT long_ptr lp);

/* Strings of every char type and direction; a bound of one.  */
IDL_OP (everything, 70) unsigned strs (idl_binding_t *b,
				       IDL_STRING (1) IDL_IN const char *one,
				       IDL_STRING (200)
				       IDL_IN const unsigned char *u,
				       IDL_STRING (64) IDL_INOUT char *io,
				       IDL_STRING (10) IDL_OUT signed char *o);

/* Buffers: one count for two buffers, of _Bool and of double; an out
   buffer of records with a length narrower than its count; an inout
   buffer without a length; one with.  */
IDL_OP (everything, 71) void bufs (idl_binding_t *b, size_t n,
				   IDL_SIZE_IS (n, 16) IDL_IN const bool *flags,
				   IDL_SIZE_IS (n, 32) IDL_IN const double *d,
				   unsigned short cap,
				   IDL_SIZE_IS (cap, 20) IDL_LENGTH_IS (got)
				   IDL_OUT anon_t *recs,
				   IDL_OUT unsigned char *got);
IDL_OP (everything, 72) void scramble (idl_binding_t *b, unsigned n,
				       IDL_SIZE_IS (n, 40)
				       IDL_INOUT struct tagged *t);
IDL_OP (everything, 73) int edit (idl_binding_t *b, int cap,
				  IDL_SIZE_IS (cap, 300) IDL_LENGTH_IS (len)
				  IDL_INOUT void *text,
				  IDL_INOUT int *len);

/* A buffer counted by GCC's access attribute (positions count the
   binding); write_only and read_write are in access.h.  */
__attribute__ ((__access__ (__read_only__, 3, 2)))
IDL_OP (everything, 74) long sum (idl_binding_t *b, int n,
				  IDL_MAX (100) const int *v);

/* The largest buffer a message carries.  */
IDL_OP (everything, 76) void huge (idl_binding_t *b, unsigned n,
				   IDL_SIZE_IS (n, 65536)
				   IDL_IN const unsigned char *d);

/* Nothing at all; one-way calls.  */
IDL_OP (everything, 80) void ping (idl_binding_t *b);
IDL_OP (everything, 81) IDL_ONEWAY void note (idl_binding_t *b, int what,
					      IDL_STRING (50)
					      IDL_IN const char *msg,
					      IDL_IN const anon_t *a);

/* Descriptors, in a second interface.  */
IDL_INTERFACE (fdio, 0xfd10, 1);

IDL_OP (fdio, 1) int fd_in (idl_binding_t *b, IDL_FD int fd);
IDL_OP (fdio, 2) void fd_out (idl_binding_t *b, IDL_OUT IDL_FD int *fd);
IDL_OP (fdio, 3) long fd_both (idl_binding_t *b, IDL_FD int a, IDL_FD int c,
			       long x, IDL_OUT IDL_FD int *d,
			       IDL_OUT IDL_FD int *e);
IDL_OP (fdio, 4) IDL_ONEWAY void fd_note (idl_binding_t *b, IDL_FD int fd,
					  short tag);

#endif /* EVERYTHING_H */
