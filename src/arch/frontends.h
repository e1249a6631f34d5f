/* frontends.h - the table of litmus dialects bpfmm understands. */
#ifndef BPFMM_FRONTENDS_H
#define BPFMM_FRONTENDS_H

#include <stddef.h>
#include <stdio.h>
#include "litmus/frontend.h"

/* The front-end for a header keyword ("BPF", ...), or NULL. */
const frontend *frontend_for_arch(const char *arch);

/* The i-th dialect of the table (0, 1, ...), NULL past the end: to list
 * them (bpfmm --help). */
const frontend *frontend_nth(size_t i);

/* A front-end other than `not` whose tests have an event set (tag) called
 * `name`, or NULL: which architecture a model written for them expects. */
const frontend *frontend_with_tag(const char *name, const frontend *not);

/* The kernel architectures: the front-ends a BPF JIT compiles to (with a
 * frontend.jit_arch: `bpfmm map --arch`) and those with a QEMU guest
 * (frontend.qemu_arch: `bpfmm run --arch`, `bpfmm jit-check --arch`). */
typedef enum { KERNEL_NAME_JIT, KERNEL_NAME_QEMU } kernel_name_kind;

/* The one name --arch gives the architecture of fe in every command: the
 * guest's (qemu_arch: x86_64, arm64, riscv64, ppc64le, s390x, mips64el,
 * as uname -m and kernel/run.sh say), else the JIT's (loongarch64,
 * sparc64, arm); NULL for a dialect no JIT compiles to. */
const char *frontend_arch_name(const frontend *fe);

/* The front-end of that kind named `name` (frontend_arch_name), or NULL.
 * An older spelling (x86-64, aarch64, powerpc, mips64) is read too, and
 * *respelt is then the name (else NULL), for a note. */
const frontend *frontend_by_kernel_name(kernel_name_kind kind, const char *name, const char **respelt);

/* Prints the name of each architecture of that kind, in table order,
 * separated by sep: the one list an option's help and its error message
 * show. */
void frontend_print_kernel_names(FILE *f, kernel_name_kind kind, const char *sep);
/* The same names written into buf (size bytes, cut there); what
 * snprintf counted (size or more: cut). */
size_t frontend_kernel_names(char *buf, size_t size, kernel_name_kind kind, const char *sep);

#endif
