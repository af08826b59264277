/* testgen-types.cc -- C spellings of types, and their value bits.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The test generator (testgen.cc) writes C declarations of the
   operations' parameter types into the program it generates, and
   compares values by the bits that carry them.  Both are worked out
   here from GCC's types.  */

#include "gcc-compat.h"
#include "testgen.h"

/* TYPE's own qualifiers as C keywords, each with a space after it.  */
static std::string
qualifiers (tree type)
{
  std::string q;
  int quals = TYPE_QUALS (type);
  if (quals & TYPE_QUAL_CONST)
    q += "const ";
  if (quals & TYPE_QUAL_VOLATILE)
    q += "volatile ";
  if (quals & TYPE_QUAL_RESTRICT)
    q += "restrict ";
  if (quals & TYPE_QUAL_ATOMIC)
    q += "_Atomic ";
  return q;
}

/* The name C code uses for TYPE itself, qualifiers aside: a typedef
   name, a tag, or a keyword; empty if it has none.  */
static std::string
type_name (tree type)
{
  tree name = TYPE_NAME (type);
  if (TREE_CODE (type) == COMPLEX_TYPE
      && (!name || (TREE_CODE (name) == TYPE_DECL
		    && DECL_IS_UNDECLARED_BUILTIN (name))))
    {
      /* GCC names its own complex types "complex int" and so on.  */
      std::string part = type_name (TREE_TYPE (type));
      return part.empty () ? part : "_Complex " + part;
    }
  if (!name)
    return "";
  if (TREE_CODE (name) == TYPE_DECL)
    return DECL_NAME (name) ? IDENTIFIER_POINTER (DECL_NAME (name)) : "";
  std::string tag = IDENTIFIER_POINTER (name);
  switch (TREE_CODE (type))
    {
    case RECORD_TYPE:
      return "struct " + tag;
    case UNION_TYPE:
      return "union " + tag;
    case ENUMERAL_TYPE:
      return "enum " + tag;
    default:
      return tag;
    }
}

/* A declaration of NAME as TYPE, "char (*p)[32]", or an abstract one
   for an empty NAME.  DROP_QUALS leaves out TYPE's own qualifiers (for
   a local copy of a const parameter).  Empty if some type in it has no
   name.  Named types are written by their names, so "name_t *p" stays
   that, and an anonymous struct is written by its typedef.  */
std::string
idl_c_declaration (tree type, const std::string &name, bool drop_quals)
{
  std::string inner = name;
  for (;;)
    {
      std::string quals = drop_quals ? "" : qualifiers (type);
      drop_quals = false;
      std::string base = type_name (type);
      if (!base.empty ())
	return quals + base + (inner.empty () ? "" : " " + inner);
      switch (TREE_CODE (type))
	{
	case POINTER_TYPE:
	  {
	    tree to = TREE_TYPE (type);
	    inner = "*" + quals + inner;
	    if ((TREE_CODE (to) == ARRAY_TYPE || FUNC_OR_METHOD_TYPE_P (to))
		&& type_name (to).empty ())
	      inner = "(" + inner + ")";
	    type = to;
	    break;
	  }
	case ARRAY_TYPE:
	  {
	    /* An array's qualifiers are its elements'.  */
	    tree dom = TYPE_DOMAIN (type);
	    if (dom && TYPE_MAX_VALUE (dom)
		&& tree_fits_uhwi_p (TYPE_MAX_VALUE (dom)))
	      inner += "[" + std::to_string ((unsigned long long) tree_to_uhwi
					     (TYPE_MAX_VALUE (dom)) + 1)
		       + "]";
	    else
	      inner += "[]";
	    type = TREE_TYPE (type);
	    break;
	  }
	default:
	  return "";
	}
    }
}

static void
set_bits (std::vector<unsigned char> &mask, unsigned HOST_WIDE_INT pos,
	  unsigned HOST_WIDE_INT n)
{
  for (unsigned HOST_WIDE_INT b = pos; b < pos + n; b++)
    if (b / BITS_PER_UNIT < mask.size ())
      mask[b / BITS_PER_UNIT]
	|= 1u << (BITS_BIG_ENDIAN ? BITS_PER_UNIT - 1 - b % BITS_PER_UNIT
				  : b % BITS_PER_UNIT);
}

/* The low-order PREC bits of an object of SIZE bits at POS.  */
static void
set_low_bits (std::vector<unsigned char> &mask, unsigned HOST_WIDE_INT pos,
	      unsigned HOST_WIDE_INT size, unsigned HOST_WIDE_INT prec)
{
  if (prec > size)
    prec = size;
  set_bits (mask, BYTES_BIG_ENDIAN ? pos + size - prec : pos, prec);
}

/* Mark in MASK the bits of an object of TYPE at bit POS that carry its
   value.  Padding between and after members, unnamed bit-fields, a
   _Bool's bits above the lowest and an x87 long double's six bytes
   beyond its 80 bits carry none: the C calling convention need not
   keep them, so they are neither filled nor compared.  */
void
idl_value_bits (tree type, unsigned HOST_WIDE_INT pos,
	    std::vector<unsigned char> &mask)
{
  unsigned HOST_WIDE_INT size = tree_to_uhwi (TYPE_SIZE (type));
  switch (TREE_CODE (type))
    {
    case RECORD_TYPE:
    case UNION_TYPE:
      for (tree f = TYPE_FIELDS (type); f; f = DECL_CHAIN (f))
	{
	  if (TREE_CODE (f) != FIELD_DECL)
	    continue;
	  unsigned HOST_WIDE_INT fpos = pos + int_bit_position (f);
	  if (DECL_BIT_FIELD (f))
	    {
	      if (DECL_NAME (f))
		set_bits (mask, fpos, tree_to_uhwi (DECL_SIZE (f)));
	    }
	  else
	    idl_value_bits (TREE_TYPE (f), fpos, mask);
	}
      break;
    case ARRAY_TYPE:
      {
	tree elem = TREE_TYPE (type);
	unsigned HOST_WIDE_INT esize = tree_to_uhwi (TYPE_SIZE (elem));
	if (esize == 0)
	  break;
	/* Elements are whole bytes: work out one, then copy it.  */
	std::vector<unsigned char> one (esize / BITS_PER_UNIT, 0);
	idl_value_bits (elem, 0, one);
	for (unsigned HOST_WIDE_INT e = 0; e < size / esize; e++)
	  for (unsigned HOST_WIDE_INT i = 0; i < one.size (); i++)
	    for (unsigned b = 0; b < BITS_PER_UNIT; b++)
	      if (one[i] & (1u << b))
		set_bits (mask, pos + e * esize + i * BITS_PER_UNIT
			  + (BITS_BIG_ENDIAN ? BITS_PER_UNIT - 1 - b : b), 1);
	break;
      }
    case COMPLEX_TYPE:
      idl_value_bits (TREE_TYPE (type), pos, mask);
      idl_value_bits (TREE_TYPE (type), pos + size / 2, mask);
      break;
    case INTEGER_TYPE:
    case ENUMERAL_TYPE:
    case BOOLEAN_TYPE:
    case REAL_TYPE:
      set_low_bits (mask, pos, size, TYPE_PRECISION (type));
      break;
    default:
      set_bits (mask, pos, size);
      break;
    }
}
