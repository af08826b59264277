#!/usr/bin/env python3
# mutate.py -- an annotation mutation fuzzer for the idlstub plugin.
#
# Copyright (C) 2026 The idlstub authors.
# This file is part of idlstub; see COPYING for the terms.
#
# From annotated headers (the gen area's and the examples') it makes
# mutants: annotations moved, duplicated, dropped, renumbered, swapped
# for others; parameter types and qualifiers changed (volatile, const,
# restrict, _Atomic); records with odd members (empty, flexible arrays,
# bit-fields, unions, nested anonymous ones, huge arrays); annotations
# in odd places (typedefs, fields, local declarations, nested
# functions, K&R definitions, block-scope interfaces, redeclarations).
# Each mutant is compiled by real GCC runs with the plugin:
#
#   probe   the mutant alone, -O0 -fchecking, with the pass's dump and
#           the test generator (-fplugin-arg-idlstub-testgen)
#   client  the mutant and the address of every operation the probe
#           found (so every client stub is built)
#   server  the mutant and IDL_SERVER for every interface the probe
#           found (so every server stub and dispatcher is built)
#
# client and server at -O0 and -O2 -fchecking, fast and compact mode
# (a rejected mutant: the client in fast mode and the server in
# compact, at -O0 only, since GCC stops before the plugin's pass
# whatever the level and mode); then the program the generator writes
# for an accepted mutant is built (with one of --program-sets, in turn:
# both modes, -O0 -fchecking and -O2) and run.  The generator's step
# also exports the mutant's interfaces as an rpcgen .x file
# (-fplugin-arg-idlstub-xdr), which rpcgen must accept and whose XDR
# routines must compile (--rpcgen; skipped without it).
#
# A plain GCC error is fine: most mutants are wrong C or wrong
# annotations.  A failure is an internal compiler error, a -fchecking
# verification failure, "confused by earlier errors", a signal, an
# assembler error, a time-out (of CPU time: --timeout), a diagnostic
# located inside idlstub.h or idlrt.h instead of the user's line, a
# generated program that does not build, or one that runs and fails (a
# silently wrong stub), a .x export that rpcgen rejects or whose
# routines do not compile.
#
# Reproducible by seed: mutant I of seed S is drawn from its own
# generator seeded with "S:I", so
#
#   mutate.py ... --seed S --index I --keep DIR
#
# rebuilds exactly that one and leaves its files in DIR.  Every failure
# is printed with its mutant, the mutations that made it, the command
# and the compiler's output.
#
# Usage (the testsuite's mutate.exp passes the paths):
#   mutate.py --cc gcc --plugin PLUGIN.so --include DIR... \
#             --runtime-lib libidlrt.a --seed 1 --count 300 --jobs 2 \
#             HEADER...

import argparse
import concurrent.futures
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time

# ----------------------------------------------------------------------
# Reading a header.
# ----------------------------------------------------------------------


def strip_comments(text):
    """TEXT without comments, newlines kept (so are line numbers)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(''.join('\n' if c == '\n' else ' '
                               for c in text[i:j]))
            i = j
        elif text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == '\\' else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return ''.join(out)


def match_paren(text, i):
    """Index after the group opened by text[i] == '('; -1 if none."""
    depth = 0
    for j in range(i, len(text)):
        c = text[j]
        if c == '(':
            depth += 1
        elif c == ')':
            depth -= 1
            if depth == 0:
                return j + 1
        elif c in ';{}':
            return -1
    return -1


ANN_WITH_ARGS = ('IDL_OP', 'IDL_STRING', 'IDL_SIZE_IS', 'IDL_LENGTH_IS',
                 'IDL_MAX', 'IDL_TYPICAL')
ANN_BARE = ('IDL_IN', 'IDL_OUT', 'IDL_INOUT', 'IDL_ONEWAY', 'IDL_FD')
ANN_RE = re.compile(r'\b(IDL_OP|IDL_STRING|IDL_SIZE_IS|IDL_LENGTH_IS|IDL_MAX'
                    r'|IDL_TYPICAL|IDL_INOUT|IDL_IN|IDL_OUT|IDL_ONEWAY'
                    r'|IDL_FD)\b')


def directive_lines(text):
    """Spans (start, end) of preprocessor directives other than
    #define (continued lines included)."""
    spans = []
    for m in re.finditer(r'(?m)^[ \t]*#[ \t]*(\w+)', text):
        end = m.start()
        while True:
            e = text.find('\n', end)
            if e < 0:
                e = len(text)
                break
            if e > 0 and text[e - 1] == '\\':
                end = e + 1
                continue
            break
        if m.group(1) != 'define':
            spans.append((m.start(), e))
    return spans


def in_spans(pos, spans):
    return any(a <= pos < b for a, b in spans)


def annotations(text):
    """Every annotation use: (start, end, name, args or None)."""
    skip = directive_lines(text)
    found = []
    for m in ANN_RE.finditer(text):
        if in_spans(m.start(), skip):
            continue
        # Not the macro's own name in a #define line of idlstub.h style.
        line_start = text.rfind('\n', 0, m.start()) + 1
        if re.match(r'[ \t]*#[ \t]*define[ \t]+$', text[line_start:m.start()]):
            continue
        name = m.group(1)
        end = m.end()
        args = None
        if name in ANN_WITH_ARGS:
            k = end
            while k < len(text) and text[k] in ' \t':
                k += 1
            if k >= len(text) or text[k] != '(':
                continue
            close = match_paren(text, k)
            if close < 0:
                continue
            args = text[k + 1:close - 1]
            end = close
        found.append((m.start(), end, name, args))
    return found


def split_top(s, sep=','):
    """S split at SEP outside parentheses and brackets."""
    parts, depth, cur = [], 0, []
    for c in s:
        if c in '([':
            depth += 1
        elif c in ')]':
            depth -= 1
        if c == sep and depth == 0:
            parts.append(''.join(cur))
            cur = []
        else:
            cur.append(c)
    parts.append(''.join(cur))
    return parts


def declarations(text):
    """Every IDL_OP declaration: dict(op_start, decl_end, name,
    params_start, params_end) where params_* delimit the text inside the
    parameter list's parentheses."""
    decls = []
    for (s, e, name, args) in annotations(text):
        if name != 'IDL_OP':
            continue
        # The declaration ends at ';' or '{' outside parentheses.
        depth, j = 0, e
        while j < len(text):
            c = text[j]
            if c == '(':
                depth += 1
            elif c == ')':
                depth -= 1
            elif depth == 0 and c in ';{':
                break
            j += 1
        if j >= len(text):
            continue
        body = text[e:j]
        # The declarator's name: the last identifier before a '(' at
        # depth 0 that is not an annotation or __attribute__.
        k, depth, found = 0, 0, None
        while k < len(body):
            c = body[k]
            if c == '(' and depth == 0:
                before = body[:k].rstrip()
                m = re.search(r'(\w+)$', before)
                if m and not m.group(1).startswith(('IDL_', '__attribute'))\
                   and m.group(1) not in ('__typeof__', 'typeof'):
                    close = match_paren(body, k)
                    if close > 0:
                        found = (m.group(1), e + k + 1, e + close - 1)
                        break
                close = match_paren(body, k)
                if close < 0:
                    break
                k = close
                continue
            k += 1
        if found:
            decls.append(dict(op_start=s, decl_end=j, name=found[0],
                              params_start=found[1], params_end=found[2]))
    return decls


def interfaces(text):
    return re.findall(r'\bIDL_INTERFACE\s*\(\s*(\w+)', text)


def insertion_points(text, lo=0, hi=None):
    """Token boundaries in TEXT[lo:hi] where an annotation may go: after
    '(', ',' or '*', before an identifier, at the start of a line."""
    hi = len(text) if hi is None else hi
    skip = directive_lines(text)
    pts = []
    for m in re.finditer(r'(?m)[(,*]|\b(?=[A-Za-z_])|^', text[lo:hi]):
        p = lo + m.end()
        if not in_spans(p, skip):
            pts.append(p)
    return pts


# ----------------------------------------------------------------------
# What mutations put in.
# ----------------------------------------------------------------------

ODD_NUMBERS = ['0', '-1', '65536', '65535', '1', '2', '4294967296',
               '18446744073709551615', '0x7fffffff', '-2147483648',
               '1.5', '"3"', 'sizeof (long)', '(1 << 20)', 'idlfz_var',
               'idlfz_cst', '__LINE__', '(unsigned char) 300', '1ULL << 63',
               '4095', '4096', '65537', '1024 * 1024 * 1024', '10']

ODD_RECORDS = [
    ('struct idlfz_empty', 'struct idlfz_empty { };'),
    ('struct idlfz_flex', 'struct idlfz_flex { int n; char d[]; };'),
    ('struct idlfz_bits', 'struct idlfz_bits { unsigned a : 3; int : 0; '
     'signed b : 5; _Bool c : 1; unsigned long long d : 40; };'),
    ('union idlfz_u', 'union idlfz_u { int i; double d; char c[3]; };'),
    ('struct idlfz_anon', 'struct idlfz_anon { int a; union { int b; '
     'float c; }; struct { char d; short e; }; };'),
    ('struct idlfz_zero', 'struct idlfz_zero { int a[0]; };'),
    ('struct idlfz_zbits', 'struct idlfz_zbits { int : 0; };'),
    ('struct idlfz_ptr', 'struct idlfz_ptr { int *p; long n; };'),
    ('struct idlfz_fnp', 'struct idlfz_fnp { void (*f) (void); };'),
    ('struct idlfz_huge', 'struct idlfz_huge { char c[4294967297]; };'),
    ('struct idlfz_vast', 'struct idlfz_vast { char c[1ULL << 62]; };'),
    ('struct idlfz_4g', 'struct idlfz_4g { char c[4294967296]; };'),
    ('struct idlfz_packed', 'struct __attribute__ ((packed)) idlfz_packed '
     '{ char a; int b; short c; };'),
    ('struct idlfz_al', 'struct __attribute__ ((aligned (64))) idlfz_al '
     '{ char a; };'),
    ('struct idlfz_al4k', 'struct __attribute__ ((aligned (4096))) '
     'idlfz_al4k { int a; };'),
    ('struct idlfz_nest', 'struct idlfz_nest { struct { struct { char x; } '
     'in; union { long l; char c[9]; } u; } out[2]; _Bool b; };'),
    ('struct idlfz_incomplete', 'struct idlfz_incomplete;'),
    ('struct idlfz_bool', 'struct idlfz_bool { _Bool b[3]; };'),
    ('struct idlfz_atomic', 'struct idlfz_atomic { _Atomic int a; };'),
    ('struct idlfz_cv', 'struct idlfz_cv { volatile int a; const long b; };'),
    ('idlfz_anon_t', 'typedef struct { int a; } idlfz_anon_t;'),
    ('struct idlfz_vec', 'struct idlfz_vec { int v __attribute__ '
     '((vector_size (16))); };'),
    ('struct idlfz_cplx', 'struct idlfz_cplx { _Complex double z; };'),
    ('struct idlfz_ld', 'struct idlfz_ld { long double x; };'),
    ('struct idlfz_i128', 'struct idlfz_i128 { __int128 x; };'),
    ('struct idlfz_enum', 'enum idlfz_e8 { IDLFZ_A = -1, IDLFZ_B = 1 }; '
     'struct idlfz_enum { enum idlfz_e8 e; };'),
    ('union idlfz_empty_u', 'union idlfz_empty_u { };'),
    ('struct idlfz_wide', 'struct idlfz_wide { char c[70000]; };'),
    ('struct idlfz_arrs', 'struct idlfz_arrs { int a[2][3]; '
     'struct idlfz_arrs_in { char c[0]; } z[4]; };'),
]

TYPES = ['char', 'signed char', 'unsigned char', 'short', 'int', 'unsigned',
         'long', 'unsigned long', 'long long', 'float', 'double',
         'long double', '_Bool', '__int128', '_Complex double', 'size_t',
         'void', 'int8_t', 'uint64_t', 'enum idlfz_e', 'struct idlfz_rec',
         'union idlfz_un', 'idl_binding_t', 'idl_call_t', 'idlfz_fn_t',
         'unsigned __int128', '_Float128', 'wchar_t', '__typeof__ (1.0f)',
         'idl_interface_t']

QUALS = ['volatile', 'const', 'restrict', '_Atomic', 'const volatile',
         'register', 'static', 'inline', '__restrict', 'extern']

# Declarations every mutant may use (put at the top, after the
# header's own #includes).
PRELUDE = '''
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>
enum idlfz_e { IDLFZ_E0, IDLFZ_E1 = 1000 };
struct idlfz_rec { int a; char b; };
union idlfz_un { int i; float f; };
typedef long idlfz_fn_t (long);
static const long idlfz_cst = 7;
extern long idlfz_var;
'''


def rand_ann(rng, text):
    """A random annotation, using the mutant's own names."""
    ifaces = interfaces(text) or ['idlfz_none']
    names = re.findall(r'\b([a-z]\w{0,8})\b', text)
    names = [n for n in names if not n.startswith('idl')] or ['n']
    k = rng.randrange(12)
    num = rng.choice(ODD_NUMBERS + ['1', '3', '8', '100'] * 3)
    if k == 0:
        return 'IDL_OP (%s, %s)' % (rng.choice(ifaces), rng.choice(
            ODD_NUMBERS + [str(rng.randrange(1, 300))] * 4))
    if k == 1:
        return 'IDL_STRING (%s)' % num
    if k == 2:
        return 'IDL_SIZE_IS (%s, %s)' % (rng.choice(names), num)
    if k == 3:
        return 'IDL_LENGTH_IS (%s)' % rng.choice(names)
    if k == 4:
        return 'IDL_MAX (%s)' % num
    if k == 5:
        return 'IDL_TYPICAL (%s)' % num
    return rng.choice(ANN_BARE + ('IDL_IN', 'IDL_OUT', 'IDL_INOUT'))


# ----------------------------------------------------------------------
# Mutations: each takes (rng, text) and returns (text, description), or
# None when it does not apply.
# ----------------------------------------------------------------------


def m_drop(rng, text):
    anns = annotations(text)
    if not anns:
        return None
    s, e, name, args = rng.choice(anns)
    return text[:s] + text[e:], 'drop %s at %d' % (text[s:e], s)


def m_move(rng, text):
    anns = annotations(text)
    if not anns:
        return None
    s, e, name, args = rng.choice(anns)
    ann = text[s:e]
    rest = text[:s] + ' ' + text[e:]
    decls = declarations(rest)
    if decls and rng.random() < 0.8:
        d = rng.choice(decls)
        pts = insertion_points(rest, d['op_start'], d['decl_end'])
    else:
        pts = insertion_points(rest)
    if not pts:
        return None
    p = rng.choice(pts)
    return rest[:p] + ' ' + ann + ' ' + rest[p:], 'move %s to %d' % (ann, p)


def m_dup(rng, text):
    anns = annotations(text)
    if not anns:
        return None
    s, e, name, args = rng.choice(anns)
    ann = text[s:e]
    if rng.random() < 0.4:
        p = e
    else:
        decls = declarations(text)
        pts = (insertion_points(text, decls[0]['op_start'],
                                decls[-1]['decl_end'])
               if decls else insertion_points(text))
        if not pts:
            return None
        p = rng.choice(pts)
    return text[:p] + ' ' + ann + ' ' + text[p:], 'duplicate %s at %d' % (
        ann, p)


def m_renumber(rng, text):
    anns = [a for a in annotations(text) if a[3] is not None]
    if not anns:
        return None
    s, e, name, args = rng.choice(anns)
    parts = split_top(args)
    i = rng.randrange(len(parts))
    if name in ('IDL_SIZE_IS', 'IDL_LENGTH_IS') and i == 0 \
       and rng.random() < 0.5:
        new = rng.choice(['b', 'x', 'n', 'len', '"n"', '0', 'bind', 'n n'])
    elif name == 'IDL_OP' and i == 0:
        new = rng.choice(interfaces(text) + ['idlfz_none', 'idlfz_var',
                                             'idlfz_cst', '&calc', '0',
                                             'idl_error'])
    else:
        new = rng.choice(ODD_NUMBERS)
    parts[i] = ' ' + new
    repl = '%s (%s)' % (name, ','.join(parts).strip())
    if rng.random() < 0.05:
        repl = '%s (%s)' % (name, ','.join(parts[:-1] or ['']).strip())
    return text[:s] + repl + text[e:], 'renumber %s -> %s' % (text[s:e],
                                                               repl)


def m_swap_kind(rng, text):
    anns = annotations(text)
    if not anns:
        return None
    s, e, name, args = rng.choice(anns)
    new = rand_ann(rng, text)
    return text[:s] + new + text[e:], 'replace %s by %s' % (text[s:e], new)


def m_insert_ann(rng, text):
    decls = declarations(text)
    if not decls:
        return None
    d = rng.choice(decls)
    pts = insertion_points(text, d['op_start'], d['decl_end'])
    if not pts:
        return None
    p = rng.choice(pts)
    ann = rand_ann(rng, text)
    return text[:p] + ' ' + ann + ' ' + text[p:], 'insert %s at %d' % (ann, p)


def params_of(text, d):
    return split_top(text[d['params_start']:d['params_end']])


def with_params(text, d, params):
    return text[:d['params_start']] + ','.join(params) + text[d['params_end']:]


def m_param_type(rng, text):
    decls = declarations(text)
    if not decls:
        return None
    d = rng.choice(decls)
    ps = params_of(text, d)
    i = rng.randrange(len(ps))
    p = ps[i]
    t = rng.choice(TYPES)
    # Replace the first type word(s) that is not an annotation.
    m = re.search(r'\b(?!IDL_)(?:(?:unsigned|signed|const|volatile|struct|'
                  r'union|enum)\s+)*[A-Za-z_]\w*', p)
    if not m:
        return None
    ps[i] = p[:m.start()] + t + p[m.end():]
    return with_params(text, d, ps), 'type of %s param %d -> %s' % (
        d['name'], i, t)


def m_qualifier(rng, text):
    decls = declarations(text)
    if not decls:
        return None
    d = rng.choice(decls)
    ps = params_of(text, d)
    i = rng.randrange(len(ps))
    p = ps[i]
    q = rng.choice(QUALS[:5] * 4 + QUALS[5:])
    spots = [m.end() for m in re.finditer(r'\*|^\s*|\b(?=\w+\s*$)', p)]
    if not spots:
        return None
    k = rng.choice(spots)
    ps[i] = p[:k] + ' ' + q + ' ' + p[k:]
    return with_params(text, d, ps), 'qualifier %s in %s param %d' % (
        q, d['name'], i)


def m_param_shape(rng, text):
    decls = declarations(text)
    if not decls:
        return None
    d = rng.choice(decls)
    ps = params_of(text, d)
    i = rng.randrange(len(ps))
    k = rng.randrange(8)
    if k == 0 and len(ps) > 1:
        del ps[i]
        what = 'delete'
    elif k == 1:
        ps.insert(i, ps[i])
        what = 'duplicate'
    elif k == 2 and len(ps) > 1:
        j = rng.randrange(len(ps))
        ps[i], ps[j] = ps[j], ps[i]
        what = 'swap with %d' % j
    elif k == 3:
        # Unnamed: drop the last identifier.
        ps[i] = re.sub(r'\w+(\s*(\[[^]]*\])*\s*)$', r'\1', ps[i])
        what = 'unname'
    elif k == 4:
        ps[i] = re.sub(r'\*\s*(\w+)\s*$',
                       lambda m: ' %s[%s]' % (m.group(1), rng.choice(
                           ['4', '', 'static 3', 'n', '*', '0',
                            '65536', 'const 2'])), ps[i])
        what = 'array'
    elif k == 5:
        ps[i] = re.sub(r'(\w+)\s*$', r'*\1', ps[i])
        what = 'add *'
    elif k == 6:
        ps[i] = ps[i].replace('*', '', 1)
        what = 'remove *'
    else:
        ps.insert(i + 1, ' %s %s%s idlfz_p%d' % (
            rng.choice(['', rand_ann(rng, text)]), rng.choice(TYPES),
            rng.choice(['', ' *', ' **', ' *const']), rng.randrange(9)))
        what = 'add parameter'
    return with_params(text, d, ps), '%s: %s param %d' % (what, d['name'], i)


def m_result(rng, text):
    decls = declarations(text)
    if not decls:
        return None
    d = rng.choice(decls)
    head = text[d['op_start']:d['params_start']]
    m = re.search(r'\b(\w+(?:\s*\*)*)\s+(\**\s*)' + re.escape(d['name'])
                  + r'\s*\($', head)
    if not m:
        return None
    t = rng.choice(TYPES + ['_Noreturn void', 'static long', 'inline long',
                            'static inline int', 'extern long',
                            '__attribute__ ((noreturn)) void',
                            'void *', 'char *', 'struct idlfz_rec'])
    s = d['op_start'] + m.start()
    e = d['op_start'] + m.end(1)
    return text[:s] + t + text[e:], 'result of %s -> %s' % (d['name'], t)


def m_odd_record(rng, text):
    tag, defn = rng.choice(ODD_RECORDS)
    ifaces = interfaces(text)
    if not ifaces:
        return None
    iface = rng.choice(ifaces)
    num = rng.randrange(100, 400)
    form = rng.choice(['%s v', 'IDL_IN const %s *p', 'IDL_OUT %s *p',
                       'IDL_INOUT %s *p', '%s *p', 'IDL_IN %s a[2]',
                       'IDL_OUT %s a[3]', 'unsigned n, IDL_SIZE_IS (n, 4) '
                       'IDL_IN const %s *p', 'unsigned n, IDL_SIZE_IS (n, 2)'
                       ' IDL_OUT %s *p', 'volatile %s v',
                       'IDL_OUT volatile %s *p', 'IDL_OUT %s *'])
    op = '\nIDL_OP (%s, %d) void idlfz_rec%d (idl_binding_t *b, %s);\n' % (
        iface, num, num, form % tag)
    if rng.random() < 0.3:
        # As the result, or an element of a record of the header.
        op = '\nIDL_OP (%s, %d) %s idlfz_rec%d (idl_binding_t *b);\n' % (
            iface, num, tag, num)
    return append(text, defn + op), 'record %s as %s' % (tag, form % tag)


def append(text, code):
    """TEXT with CODE before its include guard's #endif (or at its end)."""
    m = list(re.finditer(r'(?m)^[ \t]*#[ \t]*endif\b.*$', text))
    if m:
        p = m[-1].start()
        return text[:p] + code + '\n' + text[p:]
    return text + '\n' + code + '\n'


def m_placement(rng, text):
    ifaces = interfaces(text)
    if not ifaces:
        return None
    i = rng.choice(ifaces)
    decls = declarations(text)
    opname = rng.choice(decls)['name'] if decls else 'idlfz_op'
    n = rng.randrange(100, 400)
    ann = rand_ann(rng, text)
    snippets = [
        # typedefs
        'typedef %s long idlfz_t%d;' % (ann, n),
        'typedef IDL_OP (%s, %d) long idlfz_ft%d (idl_binding_t *b);'
        % (i, n, n),
        'typedef long idlfz_fnt%d (idl_binding_t *b, %s long *p);\n'
        'IDL_OP (%s, %d) idlfz_fnt%d idlfz_tdop%d;\n'
        'long idlfz_usetd%d (idl_binding_t *b) { long v; '
        'return idlfz_tdop%d (b, &v); }' % (n, ann, i, n, n, n, n, n),
        'typedef long idlfz_fns%d (idl_binding_t *b, long x);\n'
        'IDL_OP (%s, %d) idlfz_fns%d idlfz_tdop%d;' % (n, i, n, n, n),
        # fields
        'struct idlfz_f%d { %s int a; IDL_OP (%s, %d) int b; '
        'IDL_STRING (3) char *s; };' % (n, ann, i, n),
        # on a struct, an enum, a variable
        'IDL_OP (%s, %d) struct idlfz_s%d { int a; };' % (i, n, n),
        'IDL_OP (%s, %d) enum idlfz_en%d { IDLFZ_X%d };' % (i, n, n, n),
        'IDL_OP (%s, %d) long idlfz_v%d;' % (i, n, n),
        '%s long idlfz_gv%d;' % (ann, n),
        # local declarations
        'static inline long idlfz_local%d (idl_binding_t *b)\n{\n'
        '  IDL_OP (%s, %d) long idlfz_lop%d (idl_binding_t *b, %s long x);\n'
        '  %s long v = 0;\n  return idlfz_lop%d (b, v);\n}'
        % (n, i, n, n, ann, rand_ann(rng, text), n),
        # nested functions
        'void idlfz_outer%d (idl_binding_t *b)\n{\n'
        '  IDL_OP (%s, %d) long idlfz_nop%d (idl_binding_t *b) '
        '{ return 0; }\n  idlfz_nop%d (b);\n}' % (n, i, n, n, n),
        'void idlfz_outer%d (void)\n{\n'
        '  long %s_impl (idl_call_t *c) { return 0; }\n}' % (n, opname),
        # block-scope interfaces and servers
        'void idlfz_bs%d (void)\n{\n  IDL_INTERFACE (%s, %d, 1);\n'
        '  IDL_OP (%s, 1) void idlfz_bsop%d (idl_binding_t *b);\n'
        '  idlfz_bsop%d (0);\n}\nvoid idlfz_bt%d (void)\n{\n'
        '  IDL_INTERFACE (%s, %d, 1);\n  int e;\n'
        '  idl_connect ("@x", &%s, &e);\n}'
        % (n, i, n, i, n, n, n, i, n + 1, i),
        'void idlfz_srv%d (void)\n{\n  IDL_SERVER (%s);\n}' % (n, i),
        'IDL_SERVER (%s);\nIDL_SERVER (%s);' % (i, i),
        'extern uint64_t idlfz_disp%d (idl_call_t *, uint64_t *) '
        '__attribute__ ((__idl_dispatcher__ (%s)));\nIDL_SERVER (%s);'
        % (n, i, i),
        'IDL_SERVER (idlfz_nosuch);',
        # K&R definitions
        'IDL_OP (%s, %d) long idlfz_kr%d (b, x) idl_binding_t *b; long x; '
        '{ return x; }' % (i, n, n),
        'long %s_impl (c, x) idl_call_t *c; long x; { return x; }' % opname,
        'IDL_OP (%s, %d) long idlfz_knr%d ();' % (i, n, n),
        # interfaces
        'static const idl_interface_t idlfz_if%d __attribute__ '
        '((__idl_interface__ (%d, 1)));\nIDL_OP (idlfz_if%d, 1) long '
        'idlfz_ifop%d (idl_binding_t *b);' % (n, n, n, n),
        '__thread idl_interface_t idlfz_tif%d __attribute__ '
        '((__idl_interface__ (%d, 1))) = { "t" };\nIDL_OP (idlfz_tif%d, 1) '
        'long idlfz_tifop%d (idl_binding_t *b);' % (n, n, n, n),
        'extern const idl_interface_t idlfz_eif%d __attribute__ '
        '((__idl_interface__ (%d, 1)));' % (n, n),
        'IDL_INTERFACE (%s, %d, 2);' % (i, n),
        'static volatile const idl_interface_t idlfz_vif%d __attribute__ '
        '((__idl_interface__ (%d, 1), __unused__)) = { "v" };\n'
        'IDL_OP (idlfz_vif%d, 1) long idlfz_vifop%d (idl_binding_t *b);'
        % (n, n, n, n),
        # raw attributes with wrong arguments
        '__attribute__ ((__idl_op__ (%s))) long idlfz_raw%d '
        '(idl_binding_t *b);' % (i, n),
        '__attribute__ ((__idl_op__ (%s, %d, 7))) long idlfz_raw%d '
        '(idl_binding_t *b);' % (i, n, n),
        '__attribute__ ((__idl_op__ ("%s", %d))) long idlfz_raw%d '
        '(idl_binding_t *b);' % (i, n, n),
        # operations with odd storage and function specifiers
        'IDL_OP (%s, %d) %s long idlfz_sc%d (idl_binding_t *b, long x);\n'
        'long idlfz_scuse%d (idl_binding_t *b) { return idlfz_sc%d (b, 1); }'
        % (i, n, rng.choice(['static', 'inline', 'static inline', 'extern',
                             '_Noreturn', '__attribute__ ((noreturn))',
                             '__attribute__ ((weak))',
                             '__attribute__ ((always_inline)) inline',
                             '__attribute__ ((noinline))',
                             '__attribute__ ((const))',
                             '__attribute__ ((alias ("idlfz_var")))',
                             '__attribute__ ((section (".idlfz")))']),
           n, n, n),
        # runtime and library names
        'IDL_OP (%s, %d) void %s (idl_binding_t *b, uint64_t t);'
        % (i, n, rng.choice(['idl_stub_failed', 'idl_call_r4', 'memcpy',
                             'idl_stub_error', 'strnlen', 'memmove',
                             'idl_request_payload', 'idl_compact_call'])),
        # implementations before, and unlike, their operation
        'long %s_impl (idl_call_t *c, short x);' % opname,
        'static long %s_impl (idl_call_t *c);' % opname,
        # a redeclaration of an operation with other annotations
        redeclaration(rng, text),
        # an operation called through a pointer to it
        'long (*idlfz_pp%d) () = (long (*) ()) &%s;' % (n, opname),
        # many annotations on the binding
        'IDL_OP (%s, %d) void idlfz_bind%d (%s idl_binding_t *%s b);'
        % (i, n, n, ann, rng.choice(['', 'const', 'volatile', 'restrict'])),
        # an operation defined
        'IDL_OP (%s, %d) long idlfz_def%d (idl_binding_t *b) { return 1; }'
        % (i, n, n),
        # IDL_ONC_PROGRAM (calls between machines, onc.cc): odd numbers,
        # twice, of no interface, in a block, after an operation XDR
        # cannot express
        'IDL_ONC_PROGRAM (%s, %s%s);'
        % (i, rng.choice(['0x20000001', '0', '-1', '0x100000000', 'x',
                          '1.5', '"p"', '%d' % n]),
           rng.choice(['', ', 2', ', 0', ', -1', ', 0x100000000', ', n'])),
        'IDL_ONC_PROGRAM (%s, 0x2000%04x);\nIDL_ONC_PROGRAM (%s, 0x2000%04x);'
        % (i, n, i, n + rng.randrange(2)),
        'IDL_ONC_PROGRAM (idlfz_nosuch, 0x20000001);',
        'void idlfz_onc%d (void)\n{\n  IDL_ONC_PROGRAM (%s, 0x2000%04x);\n}'
        % (n, i, n),
        'IDL_ONC_PROGRAM (%s, 0x2000%04x);\nIDL_OP (%s, %d) void '
        'idlfz_oncfd%d (idl_binding_t *b, IDL_FD int fd);' % (i, n, i, n, n),
        # IDL_OP twice
        'IDL_OP (%s, %d) IDL_OP (%s, %d) long idlfz_two%d (idl_binding_t *b);'
        % (i, n, i, n + 1, n),
    ]
    code = rng.choice([s for s in snippets if s])
    return append(text, code), 'append: ' + code.split('\n')[0][:70]


def m_access(rng, text):
    """GCC's access attribute on an operation, with odd positions."""
    decls = declarations(text)
    if not decls:
        return None
    d = rng.choice(decls)
    n = len(params_of(text, d))
    mode = rng.choice(['read_only', 'write_only', 'read_write', 'none',
                       'read_only', 'write_only'])
    ptr = rng.choice([0, 1, n, n + 1, rng.randint(1, max(1, n))] * 2)
    size = rng.choice([None, 0, 1, n, n + 1, rng.randint(1, max(1, n))])
    attr = '__attribute__ ((__access__ (%s, %d%s))) ' % (
        mode, ptr, '' if size is None else ', %d' % size)
    p = d['op_start']
    return text[:p] + attr + text[p:], 'access %s' % attr.strip()


def m_many(rng, text):
    """An operation with many parameters of one kind: more than the
    message words, the payload or the descriptors can take."""
    ifaces = interfaces(text)
    if not ifaces:
        return None
    n = rng.choice([8, 9, 31, 32, 63, 64, 65, 70])
    kind = rng.choice(['long a%d', 'IDL_FD int f%d',
                       'IDL_STRING (4000) IDL_IN const char *s%d',
                       'IDL_OUT long *o%d', 'struct idlfz_rec r%d',
                       'IDL_INOUT double *d%d',
                       'IDL_IN IDL_STRING (65535) const char *s%d'])
    num = rng.randrange(400, 500)
    params = ', '.join(kind % i for i in range(n))
    code = ('IDL_OP (%s, %d) long idlfz_many%d (idl_binding_t *b, %s);'
            % (rng.choice(ifaces), num, num, params))
    return append(text, code), 'many: %d x %s' % (n, kind)


def redeclaration(rng, text):
    decls = declarations(text)
    if not decls:
        return ''
    d = rng.choice(decls)
    copy = text[d['op_start']:d['decl_end']]
    if '{' in copy or '\\' in copy:
        return ''
    r = rng.choice([m_drop, m_dup, m_renumber, m_swap_kind, m_insert_ann,
                    m_qualifier])(rng, copy)
    if not r:
        return ''
    return r[0].strip() + ';'


MUTATIONS = [
    (m_drop, 3), (m_move, 4), (m_dup, 3), (m_renumber, 4),
    (m_swap_kind, 3), (m_insert_ann, 3), (m_param_type, 3),
    (m_qualifier, 4), (m_param_shape, 3), (m_result, 2),
    (m_odd_record, 4), (m_placement, 6), (m_access, 2), (m_many, 1),
]


def make_mutant(rng, headers):
    """(header path, mutant text, list of mutation descriptions)."""
    path = rng.choice(headers)
    with open(path) as f:
        text = strip_comments(f.read())
    # The prelude goes after the header's last #include, so that the
    # types it names exist.
    incs = list(re.finditer(r'(?m)^[ \t]*#[ \t]*include\b.*$', text))
    p = incs[-1].end() if incs else 0
    text = text[:p] + '\n' + PRELUDE + text[p:]
    done = []
    ops, weights = zip(*MUTATIONS)
    for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
        for _attempt in range(10):
            m = rng.choices(ops, weights)[0]
            r = m(rng, text)
            if r:
                text, what = r
                done.append(what)
                break
    return path, text, done


# ----------------------------------------------------------------------
# Running GCC.
# ----------------------------------------------------------------------

# What marks a failure in a compiler's output (the order is the order
# of precedence in the report).
FAILURE_PATTERNS = [
    # The CPU time a compilation may take (Runner.compile): GCC reports
    # the signal as an internal compiler error.
    ('time-out', r'CPU time limit exceeded'),
    ('internal compiler error', r'internal compiler error'),
    ('confused by earlier errors', r'confused by earlier errors'),
    ('-fchecking verification', r'verify_\w+ failed|in verify_'),
    ('signal', r'(Segmentation fault|Killed signal|terminated signal'
               r'|Aborted)'),
    ('assembler error', r'Assembler messages:|^\S+\.s:\d+: Error:'),
    # The plugin's own messages (not GCC's, about what a macro of
    # idlstub.h expanded to, which point at the macro's definition with
    # a note at the user's line: GCC_OWN below).
    ('diagnostic inside idlstub.h',
     r'(?m)^\S*idlstub\.h:\d+:\d+: (error|warning): '
     r'(?!' + '|'.join([
         'expected ', 'storage class', 'unknown type name',
         'declaration for parameter', 'conflicting types', 'redefinition',
         'redeclaration', 'invalid ', 'variable or field', 'initializer',
         'excess elements', 'wrong number of arguments', "'.*' undeclared",
         'is not a type', 'stray ', 'missing ', 'too many', 'too few',
         "'void' must be", 'parameter .* has incomplete type',
         'empty declaration', 'useless ', 'data definition',
         "'.*' attribute (ignored|directive ignored|does not apply)",
         'old-style parameter', 'type defaults to', 'ISO C',
         'static declaration', 'non-static declaration',
         'nested function', "'.*' declared inside parameter list",
         'attributes should be specified', 'two or more data types',
         'duplicate ', 'section attribute', 'array type has incomplete',
     ]) + r')[^\n]*(IDL_|idl_|operation|interface|binding|'
     r'dispatcher|implementation|descriptor|buffer|<unnamed>|'
     r'<parameter)'),
    ('diagnostic without a location',
     r'(?m)^cc1: (error|warning): (?!.*(command-line|option))'),
]


def classify(proc_status, output, timed_out):
    if timed_out:
        return 'time-out'
    for name, pat in FAILURE_PATTERNS:
        if re.search(pat, output, re.M):
            return name
    if proc_status < 0:
        return 'signal %d' % -proc_status
    if proc_status not in (0, 1):
        return 'exit status %d' % proc_status
    return None


def stopped(pid):
    """Is process PID stopped (SIGSTOP: state T)?"""
    try:
        with open('/proc/%d/stat' % pid) as f:
            return f.read().rsplit(')', 1)[1].split()[0] in 'Tt'
    except (OSError, IndexError):
        return False


def run_limited(argv, cwd, cpu_seconds, env=None):
    """Run ARGV in CWD; (status, output, hung).  Each of its processes
    may use CPU_SECONDS of CPU time (RLIMIT_CPU; a compiler reports the
    signal, which classify takes for a time-out).  On a machine shared
    with other work, CPU time, not the clock, tells a command that loops
    from one that waits, and another job may stop every compiler on the
    machine for minutes: only the time the command ran, not stopped,
    counts towards the guard against a hang, ten times CPU_SECONDS."""
    def limit():
        resource.setrlimit(resource.RLIMIT_CPU,
                           (cpu_seconds, cpu_seconds + 10))
    with tempfile.TemporaryFile() as out:
        p = subprocess.Popen(argv, cwd=cwd, stdout=out,
                             stderr=subprocess.STDOUT, env=env,
                             preexec_fn=limit, start_new_session=True)
        ran, hung = 0, False
        while True:
            try:
                p.wait(timeout=1)
                break
            except subprocess.TimeoutExpired:
                ran += not stopped(p.pid)
                if ran > 10 * cpu_seconds:
                    os.killpg(p.pid, signal.SIGKILL)
                    p.wait()
                    hung = True
                    break
        out.seek(0)
        return p.returncode, out.read().decode('utf-8', 'replace'), hung


class Runner:
    def __init__(self, args):
        self.cc = args.cc
        self.plugin = args.plugin
        self.includes = args.include
        self.runtime_lib = args.runtime_lib
        self.timeout = args.timeout
        self.run_timeout = args.run_timeout
        self.iterations = args.iterations
        self.sets = [s for s in args.sets.split(';') if s.strip()]
        self.modes = ['', '-fplugin-arg-idlstub-mode=compact']
        self.program_sets = [s for s in args.program_sets.split(';')
                             if s.strip()]
        self.rpcgen = args.rpcgen
        self.tirpc_cflags = args.tirpc_cflags.split()
        self.tirpc_libs = args.tirpc_libs.split()

    def base(self, hdir):
        return ([self.cc, '-fplugin=' + self.plugin,
                 '-fdiagnostics-plain-output']
                + ['-I' + d for d in self.includes] + ['-I' + hdir])

    def rpcgen_check(self, cwd, xfile):
        """rpcgen on the exported XFILE, and its XDR routines compiled:
        (argv, output, what failed) or None.  (-i 0: rpcgen's inline code
        for an array of bool does not compile, see xdr.exp.)"""
        stem = xfile[:-2]
        steps = [[self.rpcgen, '-N', '-i', '0', '-h', '-o', stem + '.h',
                  xfile],
                 [self.rpcgen, '-N', '-i', '0', '-c', '-o', stem + '_xdr.c',
                  xfile],
                 [self.cc, '-w'] + self.tirpc_cflags
                 + ['-c', stem + '_xdr.c', '-o', stem + '_xdr.o']]
        whats = ['exported .x that rpcgen rejects'] * 2 + [
            'exported .x whose XDR routines do not compile']
        for argv, what in zip(steps, whats):
            status, out, hung = run_limited(argv, cwd, self.timeout)
            if hung or classify(status, out, False) == 'time-out':
                return argv, out, what + ' (time-out)'
            if status != 0:
                return argv, out, what
        return None

    def compile(self, cwd, argv):
        env = dict(os.environ, LC_ALL='C', LANG='C')
        status, out, hung = run_limited(argv, cwd, self.timeout, env)
        return status, out, classify(status, out, hung)


def run_mutant(runner, seed, index, headers, keep_dir=None):
    """Make mutant INDEX of SEED and put it through GCC.  Returns a dict:
    index, header, mutations, accepted, program (None, 'pass', 'fail',
    'refused'), failures [(stage, what, argv, output)], text."""
    rng = random.Random('%s:%d' % (seed, index))
    path, text, done = make_mutant(rng, headers)
    hdir = os.path.dirname(os.path.abspath(path))
    work = keep_dir or tempfile.mkdtemp(prefix='idlfz-')
    os.makedirs(work, exist_ok=True)
    res = dict(index=index, header=os.path.basename(path), mutations=done,
               accepted=False, program=None, failures=[], text=text,
               work=work)
    name = 'm%d.h' % index
    with open(os.path.join(work, name), 'w') as f:
        f.write(text)
    base = runner.base(hdir)

    def step(stage, argv):
        status, out, what = runner.compile(work, argv)
        if what:
            res['failures'].append((stage, what, argv, out))
        return status, out

    # The probe: the mutant alone, with the dump.
    prog = 'm%d-test.c' % index
    status, out = step('probe -O0', base + [
        '-O0', '-fchecking', '-fplugin-arg-idlstub-dump', '-x', 'c', '-c',
        name, '-o', 'probe.o'])
    accepted = status == 0
    res['accepted'] = accepted
    ops, ifaces = [], []
    for dump in [f for f in os.listdir(work) if f.endswith('.idlstub')]:
        with open(os.path.join(work, dump)) as f:
            d = f.read()
        ops += re.findall(r'(?m)^operation (\w+): interface', d)
        ifaces += re.findall(r'(?m)^interface (\w+):', d)
        os.unlink(os.path.join(work, dump))
    if not accepted:
        ifaces = interfaces(text)

    client = ('#include "%s"\n' % name
              + (('void *const idlfz_ops[] = {\n%s\n};\n'
                  % ',\n'.join('  (void *) &%s' % o for o in ops))
                 if ops else ''))
    server = '#include "%s"\n' % name + ''.join(
        'IDL_SERVER (%s);\n' % i for i in sorted(set(ifaces)))
    for side, code in (('client', client), ('server', server)):
        with open(os.path.join(work, side + '.c'), 'w') as f:
            f.write(code)
    # A rejected mutant stops GCC before the plugin's pass, whatever the
    # optimization level and mode: one compilation of each side is
    # enough (the client's in fast mode, the server's in compact).  An
    # accepted one may still be refused, with an error, by one mode
    # (as compact mode refused bulk operations before issue 20): noted
    # for its program.
    refused_modes = set()
    for side in ('client', 'server'):
        for s in runner.sets if accepted else runner.sets[:1]:
            for mode in runner.modes if accepted else (
                    runner.modes[:1] if side == 'client'
                    else runner.modes[1:]):
                status, out = step('%s %s %s' % (side, s, mode or 'fast'),
                                   base + s.split() + ([mode] if mode else [])
                                   + ['-c', side + '.c', '-o', side + '.o'])
                if accepted and status != 0:
                    refused_modes.add(mode)

    # The generator's program: written, built in both modes and run.  The
    # generator may refuse a header it cannot write a program for (an
    # operation declared in a block, a type C cannot name): a GCC error.
    if accepted:
        xfile = 'x%d.x' % index
        step('testgen', base + ['-fsyntax-only', '-x', 'c', name,
                                '-fplugin-arg-idlstub-testgen=' + prog,
                                '-fplugin-arg-idlstub-xdr=' + xfile])
        if runner.rpcgen and os.path.exists(os.path.join(work, xfile)):
            bad = runner.rpcgen_check(work, xfile)
            if bad:
                res['failures'].append(('xdr export', bad[2], bad[0],
                                        bad[1]))
        if not os.path.exists(os.path.join(work, prog)):
            res['program'] = 'refused'
        else:
            res['program'] = 'pass'
            # Built once, with the option set of its turn: a program is
            # large (every operation, both sides), and -O2 -fchecking
            # takes seconds on it.
            ps = runner.program_sets[index % len(runner.program_sets)]
            for mode in [ps]:
                exe = os.path.join(work, 'prog.exe')
                argv = base + ps.split() + [
                    '-DIDLTG_ITERATIONS=%d' % runner.iterations, prog,
                    runner.runtime_lib] + runner.tirpc_libs + ['-pthread', '-o', exe]
                status, out = step('program build %s' % mode, argv)
                ps_mode = next((m for m in runner.modes
                                if m and m in ps.split()), '')
                if status != 0 and ps_mode in refused_modes:
                    # The mode refused the header itself, with an error
                    # (a failure of its own if it was anything else).
                    res['program'] = 'refused'
                    break
                if status != 0:
                    if not any(f[0].startswith('program build')
                               for f in res['failures']):
                        res['failures'].append(
                            ('program build %s' % mode,
                             'generated program does not build', argv, out))
                    res['program'] = 'fail'
                    break
                status, out, hung = run_limited([exe], work,
                                                runner.run_timeout)
                ok = status == 0 and not hung
                if not ok:
                    res['failures'].append(
                        ('program run %s' % mode,
                         'generated program fails', [exe], out[-4000:]))
                    res['program'] = 'fail'
                    break
    if not keep_dir:
        shutil.rmtree(work, ignore_errors=True)
    return res


def reproduce_command(index):
    """This run's command line for mutant INDEX alone, its files kept."""
    argv, skip = [sys.executable, os.path.abspath(sys.argv[0])], False
    for a in sys.argv[1:]:
        if skip:
            skip = False
            continue
        if a in ('--count', '--first', '--index', '--keep', '--jobs'):
            skip = True
            continue
        if a.split('=')[0] in ('--count', '--first', '--index', '--keep',
                               '--jobs'):
            continue
        argv.append(a)
    return ' '.join(argv + ['--index', str(index), '--keep',
                            'mutant-%d' % index])


def report_failure(res, seed, args):
    lines = ['=' * 70,
             'FAIL: mutant %d of seed %s (from %s): %s'
             % (res['index'], seed, res['header'],
                '; '.join(sorted(set(f[1] for f in res['failures'])))),
             'mutations: ' + ' | '.join(res['mutations']),
             'reproduce: ' + reproduce_command (res['index'])]
    for stage, what, argv, out in res['failures'][:3]:
        lines.append('--- %s: %s' % (stage, what))
        lines.append('$ ' + ' '.join(argv))
        lines.append(out.rstrip()[-3000:])
    lines.append('--- the mutant:')
    lines.append(res['text'])
    return '\n'.join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('--cc', default='gcc')
    ap.add_argument('--plugin', required=True)
    ap.add_argument('--include', action='append', default=[])
    ap.add_argument('--runtime-lib', required=True)
    ap.add_argument('--seed', default='1')
    ap.add_argument('--count', type=int, default=300)
    ap.add_argument('--first', type=int, default=0,
                    help='index of the first mutant')
    ap.add_argument('--index', type=int, action='append',
                    help='only these mutants (reproduce one)')
    ap.add_argument('--keep', help='leave the mutants\' files in DIR')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--timeout', type=int, default=120,
                    help='CPU seconds a compilation may take')
    ap.add_argument('--run-timeout', type=int, default=120,
                    help='CPU seconds a test program may take')
    ap.add_argument('--iterations', type=int, default=3,
                    help='IDLTG_ITERATIONS of the generated programs')
    ap.add_argument('--sets', default='-O0 -fchecking;-O2 -fchecking')
    ap.add_argument('--program-sets',
                    default='-O0 -fchecking;'
                    '-O0 -fchecking -fplugin-arg-idlstub-mode=compact;'
                    '-O2;-O2 -fplugin-arg-idlstub-mode=compact',
                    help='option sets for the test programs, one per '
                    'accepted mutant in turn')
    ap.add_argument('--rpcgen', default=shutil.which('rpcgen') or '',
                    help='rpcgen, to check the .x export ("" skips it)')
    ap.add_argument('--tirpc-cflags', default='-I/usr/include/tirpc',
                    help='flags to compile rpcgen\'s XDR routines')
    ap.add_argument('--tirpc-libs', default='-ltirpc',
                    help='libtirpc, which the static runtime needs '
                    '(its ONC RPC transport)')
    ap.add_argument('--print', action='store_true',
                    help='only print the mutants, compile nothing')
    ap.add_argument('headers', nargs='+')
    args = ap.parse_args()

    indices = args.index or list(range(args.first, args.first + args.count))
    if args.print:
        for i in indices:
            rng = random.Random('%s:%d' % (args.seed, i))
            path, text, done = make_mutant(rng, args.headers)
            print('/* mutant %d of seed %s, from %s: %s */\n%s'
                  % (i, args.seed, path, ' | '.join(done), text))
        return 0

    runner = Runner(args)
    start = time.time()
    counts = dict(mutants=0, accepted=0, rejected=0, programs=0,
                  programs_passed=0, refused=0, failed=0)
    kinds = {}

    def one(i):
        keep = os.path.join(args.keep, 'm%d' % i) if args.keep else None
        return run_mutant(runner, args.seed, i, args.headers, keep)

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for res in pool.map(one, indices):
            counts['mutants'] += 1
            counts['accepted' if res['accepted'] else 'rejected'] += 1
            if res['program'] in ('pass', 'fail'):
                counts['programs'] += 1
                counts['programs_passed'] += res['program'] == 'pass'
            if res['program'] == 'refused':
                counts['refused'] += 1
            if res['failures']:
                counts['failed'] += 1
                for f in res['failures']:
                    kinds[f[1]] = kinds.get(f[1], 0) + 1
                print(report_failure(res, args.seed, args), flush=True)
            if counts['mutants'] % 100 == 0:
                # A long run stopped early still says how far it got:
                # resume it with --first.
                print('mutate: %d mutants so far (next --first %d), %d '
                      'accepted, %d rejected, %d failed, %.0f s'
                      % (counts['mutants'], indices[counts['mutants'] - 1]
                         + 1, counts['accepted'], counts['rejected'],
                         counts['failed'], time.time() - start), flush=True)
    print('mutate: seed %s: %d mutants (%d accepted, %d rejected with a '
          'GCC error), %d test programs run (%d passed, %d not generated), '
          '%d mutants failed%s; %.0f s'
          % (args.seed, counts['mutants'], counts['accepted'],
             counts['rejected'], counts['programs'],
             counts['programs_passed'], counts['refused'], counts['failed'],
             ''.join(', %s: %d' % kv for kv in sorted(kinds.items())),
             time.time() - start))
    return 1 if counts['failed'] else 0


if __name__ == '__main__':
    sys.exit(main())
