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
#define IDL_NR_sched_yield 24

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

/* A cheap clock for spin budgets (page.h): the time-stamp counter.
   It runs at a constant rate on every x86-64 Linux supports for this
   (constant_tsc; hypervisors keep it so for guests), which util.c
   measures against CLOCK_MONOTONIC once; what a "pause" costs differs
   by an order of magnitude between processors, so a spin counted in
   them would last a different time on each.  No ordering: a budget
   needs no more precision than a few instructions.  */
static inline uint64_t
idl_ticks (void)
{
  return __builtin_ia32_rdtsc ();
}

/* The ticks' rate in Hz if the architecture states it, else 0 (util.c
   measures it).  */
static inline uint64_t
idl_ticks_hz (void)
{
  return 0;
}

/* Call after a system call that may have switched to another task
   (a futex wait that slept, a futex wake that let the woken peer run
   first).  The kernel fills the return stack buffer with its own
   entries on a context switch ("RSB filling", a Spectre v2 mitigation:
   /sys/devices/system/cpu/vulnerabilities/spectre_v2), so each "ret"
   after the switch whose "call" came before it is predicted to a
   kernel address.  On the 2-vCPU VM this runtime is measured on (AMD
   EPYC), one such return costs about 500 ns, a tenth of a same-CPU
   round trip: bench/rpc-bench's raw loop, made to call a function
   around its wait, was that much slower.  The runtime cannot avoid
   returns there: idl_call_* returns to the stub, the stub to its
   caller, the server's reply path to its loop.  So push 16 entries of
   our own (calls to the next instruction, each followed by a trap for
   speculation alone, as the kernel's own filling does) and drop their
   return addresses: those returns then mispredict to user code, the
   ordinary cost of a few cycles.  16 covers the deepest chain of
   returns after a wait that matters; the filling costs about as many
   cycles, next to a system call's thousands.

   The red zone below %rsp may hold the caller's data: step over it
   first.  With a shadow stack (CET) the unmatched calls would make the
   next return fault, so do nothing then: rdsspq leaves its register zero when
   no shadow stack is active, and is a no-op on processors without
   CET.  */
static inline void
idl_refill_return_stack (void)
{
  unsigned long ssp = 0;
  __asm__ __volatile__ ("rdsspq %0\n\t"
			"test %0, %0\n\t"
			"jnz 2f\n\t"
			"lea -128(%%rsp), %%rsp\n\t"
			".rept 16\n\t"
			"call 1f\n\t"
			"int3\n"
			"1:\n\t"
			".endr\n\t"
			"lea 128+16*8(%%rsp), %%rsp\n"
			"2:"
			: "+r" (ssp)
			:
			: "cc", "memory");
}

#endif /* IDL_SYSCALL_ARCH_H */
