/* syscall_arch.h -- Linux system call trampolines for x86-64.

   Copyright (C) 2026 The idlstub authors.
   This file is part of idlstub; see COPYING for the terms.

   One inline-asm statement per arity, in the manner of musl's
   arch/x86_64/syscall_arch.h, so that the runtime's call path never
   enters libc (no errno, no cancellation points, no PLT).  Every
   function returns the raw kernel value: a result, or -errno in
   [-4095, -1].  The generic wrappers live in ../../syscall.h; the same
   function names exist for every architecture under arch/.

   The kernel ABI (arch/x86/entry/entry_64.S): number in rax, arguments
   in rdi, rsi, rdx, r10, r8, r9 (r10, not rcx, because the syscall
   instruction itself overwrites rcx with the return address and r11
   with rflags, hence those two clobbers); result in rax.  "memory" is
   clobbered because the kernel reads and writes memory that the
   arguments point to, and futex calls order memory accesses.  */

#ifndef IDL_SYSCALL_ARCH_H
#define IDL_SYSCALL_ARCH_H

/* System call numbers used by the call path (asm/unistd_64.h).
   syscall.h checks them against the C library's when it can.  */
#define IDL_NR_close 3
#define IDL_NR_clock_gettime 228
#define IDL_NR_sendmsg 46
#define IDL_NR_recvmsg 47
#define IDL_NR_futex 202
#define IDL_NR_ppoll 271

static inline long
idl_syscall0 (long n)
{
  unsigned long ret;
  __asm__ __volatile__ ("syscall"
			: "=a" (ret)
			: "a" (n)
			: "rcx", "r11", "memory");
  return ret;
}

static inline long
idl_syscall1 (long n, long a1)
{
  unsigned long ret;
  __asm__ __volatile__ ("syscall"
			: "=a" (ret)
			: "a" (n), "D" (a1)
			: "rcx", "r11", "memory");
  return ret;
}

static inline long
idl_syscall2 (long n, long a1, long a2)
{
  unsigned long ret;
  __asm__ __volatile__ ("syscall"
			: "=a" (ret)
			: "a" (n), "D" (a1), "S" (a2)
			: "rcx", "r11", "memory");
  return ret;
}

static inline long
idl_syscall3 (long n, long a1, long a2, long a3)
{
  unsigned long ret;
  __asm__ __volatile__ ("syscall"
			: "=a" (ret)
			: "a" (n), "D" (a1), "S" (a2), "d" (a3)
			: "rcx", "r11", "memory");
  return ret;
}

static inline long
idl_syscall4 (long n, long a1, long a2, long a3, long a4)
{
  unsigned long ret;
  /* No constraint letter names r10: bind it with a register variable.  */
  register long r10 __asm__ ("r10") = a4;
  __asm__ __volatile__ ("syscall"
			: "=a" (ret)
			: "a" (n), "D" (a1), "S" (a2), "d" (a3), "r" (r10)
			: "rcx", "r11", "memory");
  return ret;
}

static inline long
idl_syscall5 (long n, long a1, long a2, long a3, long a4, long a5)
{
  unsigned long ret;
  register long r10 __asm__ ("r10") = a4;
  register long r8 __asm__ ("r8") = a5;
  __asm__ __volatile__ ("syscall"
			: "=a" (ret)
			: "a" (n), "D" (a1), "S" (a2), "d" (a3), "r" (r10),
			  "r" (r8)
			: "rcx", "r11", "memory");
  return ret;
}

static inline long
idl_syscall6 (long n, long a1, long a2, long a3, long a4, long a5, long a6)
{
  unsigned long ret;
  register long r10 __asm__ ("r10") = a4;
  register long r8 __asm__ ("r8") = a5;
  register long r9 __asm__ ("r9") = a6;
  __asm__ __volatile__ ("syscall"
			: "=a" (ret)
			: "a" (n), "D" (a1), "S" (a2), "d" (a3), "r" (r10),
			  "r" (r8), "r" (r9)
			: "rcx", "r11", "memory");
  return ret;
}

/* Spin-wait hint: "pause" lets the sibling hyperthread run and avoids
   the memory-order mis-speculation penalty when the spin ends.  The
   "memory" clobber makes each iteration reload the watched word.  */
static inline void
idl_cpu_relax (void)
{
  __asm__ __volatile__ ("pause" ::: "memory");
}

#endif /* IDL_SYSCALL_ARCH_H */
