/* idltypes.h -- the scalar types run tests send in every direction.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   Enums of every shape GCC gives them (signed with a negative value,
   unsigned, packed into one byte, 64 bits wide) and ALL_TYPES (X), an
   X-macro over every integer, bool and enum type with its operation
   number and a short name: X (number, name, type); PTR_TYPES (X), the
   same but plain char.  */

#ifndef IDLTYPES_H
#define IDLTYPES_H

#include <stdbool.h>
#include <stdint.h>

enum sen { SEN_NEG = -2, SEN_ZERO = 0, SEN_MAX = 0x7fffffff };
enum uen { UEN_ZERO = 0, UEN_TOP = 0xffffffffu };
enum __attribute__ ((__packed__)) pen { PEN_NEG = -1, PEN_MAX = 127 };
enum wen { WEN_SMALL = 1, WEN_WIDE = 0xdeadbeefcafef00dULL };

#define ALL_TYPES(X)				\
  X (3, ch, char)				\
  PTR_TYPES (X)

/* The same without plain char: a char * parameter is a string, which
   needs a bound (IDL_STRING), so pointer tests use the others.  */
#define PTR_TYPES(X)				\
  X (1, sc, signed char)			\
  X (2, uc, unsigned char)			\
  X (4, ss, short)				\
  X (5, us, unsigned short)			\
  X (6, si, int)				\
  X (7, ui, unsigned int)			\
  X (8, sl, long)				\
  X (9, ul, unsigned long)			\
  X (10, sll, long long)			\
  X (11, ull, unsigned long long)		\
  X (12, i8, int8_t)				\
  X (13, u8, uint8_t)				\
  X (14, i16, int16_t)				\
  X (15, u16, uint16_t)				\
  X (16, i32, int32_t)				\
  X (17, u32, uint32_t)				\
  X (18, i64, int64_t)				\
  X (19, u64, uint64_t)				\
  X (20, bo, _Bool)				\
  X (21, sen, enum sen)				\
  X (22, uen, enum uen)				\
  X (23, pen, enum pen)				\
  X (24, wen, enum wen)

#endif /* IDLTYPES_H */
