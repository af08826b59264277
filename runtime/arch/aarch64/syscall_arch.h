/* syscall_arch.h -- Linux system call trampolines for AArch64.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   The same functions as arch/x86_64/syscall_arch.h (see there for the
   why), for the AArch64 kernel ABI: number in x8, arguments in x0-x5,
   result in x0, "svc 0" to enter the kernel.  No register other than
   x0 is changed by the kernel, so only "memory" (the kernel reads and
   writes what the arguments point to) and "cc" are clobbered.  Each
   argument is bound to its register with a register variable, as
   AArch64 has no constraint letters for specific registers.  */

#ifndef IDL_SYSCALL_ARCH_H
#define IDL_SYSCALL_ARCH_H

/* System call numbers (asm-generic/unistd.h).  */
#define IDL_NR_close 57
#define IDL_NR_clock_gettime 113
#define IDL_NR_sendmsg 211
#define IDL_NR_recvmsg 212
#define IDL_NR_futex 98
#define IDL_NR_ppoll 73
#define IDL_NR_sched_yield 124

static inline long
idl_syscall0 (long n)
{
  register long x8 __asm__ ("x8") = n;
  register long x0 __asm__ ("x0");
  __asm__ __volatile__ ("svc 0"
			: "=r" (x0)
			: "r" (x8)
			: "memory", "cc");
  return x0;
}

static inline long
idl_syscall1 (long n, long a1)
{
  register long x8 __asm__ ("x8") = n;
  register long x0 __asm__ ("x0") = a1;
  __asm__ __volatile__ ("svc 0"
			: "+r" (x0)	/* argument in, result out */
			: "r" (x8)
			: "memory", "cc");
  return x0;
}

static inline long
idl_syscall2 (long n, long a1, long a2)
{
  register long x8 __asm__ ("x8") = n;
  register long x0 __asm__ ("x0") = a1;
  register long x1 __asm__ ("x1") = a2;
  __asm__ __volatile__ ("svc 0"
			: "+r" (x0)
			: "r" (x8), "r" (x1)
			: "memory", "cc");
  return x0;
}

static inline long
idl_syscall3 (long n, long a1, long a2, long a3)
{
  register long x8 __asm__ ("x8") = n;
  register long x0 __asm__ ("x0") = a1;
  register long x1 __asm__ ("x1") = a2;
  register long x2 __asm__ ("x2") = a3;
  __asm__ __volatile__ ("svc 0"
			: "+r" (x0)
			: "r" (x8), "r" (x1), "r" (x2)
			: "memory", "cc");
  return x0;
}

static inline long
idl_syscall4 (long n, long a1, long a2, long a3, long a4)
{
  register long x8 __asm__ ("x8") = n;
  register long x0 __asm__ ("x0") = a1;
  register long x1 __asm__ ("x1") = a2;
  register long x2 __asm__ ("x2") = a3;
  register long x3 __asm__ ("x3") = a4;
  __asm__ __volatile__ ("svc 0"
			: "+r" (x0)
			: "r" (x8), "r" (x1), "r" (x2), "r" (x3)
			: "memory", "cc");
  return x0;
}

static inline long
idl_syscall5 (long n, long a1, long a2, long a3, long a4, long a5)
{
  register long x8 __asm__ ("x8") = n;
  register long x0 __asm__ ("x0") = a1;
  register long x1 __asm__ ("x1") = a2;
  register long x2 __asm__ ("x2") = a3;
  register long x3 __asm__ ("x3") = a4;
  register long x4 __asm__ ("x4") = a5;
  __asm__ __volatile__ ("svc 0"
			: "+r" (x0)
			: "r" (x8), "r" (x1), "r" (x2), "r" (x3), "r" (x4)
			: "memory", "cc");
  return x0;
}

static inline long
idl_syscall6 (long n, long a1, long a2, long a3, long a4, long a5, long a6)
{
  register long x8 __asm__ ("x8") = n;
  register long x0 __asm__ ("x0") = a1;
  register long x1 __asm__ ("x1") = a2;
  register long x2 __asm__ ("x2") = a3;
  register long x3 __asm__ ("x3") = a4;
  register long x4 __asm__ ("x4") = a5;
  register long x5 __asm__ ("x5") = a6;
  __asm__ __volatile__ ("svc 0"
			: "+r" (x0)
			: "r" (x8), "r" (x1), "r" (x2), "r" (x3), "r" (x4),
			  "r" (x5)
			: "memory", "cc");
  return x0;
}

/* Spin-wait hint.  "yield" tells an SMT core to favour the other
   thread; the "memory" clobber makes each iteration reload the
   watched word.  */
static inline void
idl_cpu_relax (void)
{
  __asm__ __volatile__ ("yield" ::: "memory");
}

/* A cheap clock for spin budgets (page.h): the virtual count, readable
   from user space on Linux, at the rate CNTFRQ_EL0 states.  */
static inline uint64_t
idl_ticks (void)
{
  uint64_t t;
  __asm__ __volatile__ ("mrs %0, cntvct_el0" : "=r" (t));
  return t;
}

static inline uint64_t
idl_ticks_hz (void)
{
  uint64_t f;
  __asm__ ("mrs %0, cntfrq_el0" : "=r" (f));
  return f;
}

/* See arch/x86_64/syscall_arch.h.  Linux on AArch64 does not fill
   the return-address predictor with kernel entries on a context
   switch, so there is nothing to repair.  */
static inline void
idl_refill_return_stack (void)
{
}

#endif /* IDL_SYSCALL_ARCH_H */
